import { badRequest, HttpError, unauthorized } from '../../errors';
import { messages } from '../../messages';
import { decoyHash, hashPassword, verifyPassword } from '../../passwords';
import { changeOwnPassword, findPasswordHash, findUserByLogin } from '../../repositories/users';
import type { Role, Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import { FailedAttempts } from '../failed-attempts';
import type { SharedLimits } from '../shared-limits';

/** 429 before any password is hashed; `retryAfter` (seconds, also in the sentence) is for the Retry-After header. */
export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, messages.tooManyAttempts(retryAfter));
  }
}

export interface SignInLimitOptions {
  /** Failed attempts allowed per address and login (and per user for password changes) within the window. */
  max: number;
  /** Failed logins allowed per address, whatever the login, within the window. */
  addressMax: number;
  windowMs: number;
}

/** The failed-attempt counters of one server (domain/failed-attempts.ts), shared by its logins and password changes. */
export class SignInLimits {
  /** Per address and login: one attacker cannot lock a user out from the user's own address. */
  readonly perLogin: FailedAttempts;
  /** Per address, whatever the login: random login names would otherwise never be limited. */
  readonly perAddress: FailedAttempts;
  /** Per user, for the current password a change must give. */
  readonly perUser: FailedAttempts;

  constructor(options: SignInLimitOptions, shared?: SharedLimits) {
    this.perLogin = new FailedAttempts({ max: options.max, windowMs: options.windowMs });
    this.perAddress = new FailedAttempts({ max: options.addressMax, windowMs: options.windowMs });
    this.perUser = new FailedAttempts({ max: options.max, windowMs: options.windowMs });
    shared?.add('login', this.perLogin);
    shared?.add('login-address', this.perAddress);
    shared?.add('password-user', this.perUser);
  }
}

/** What a session token is signed from. */
export interface SessionUser {
  _id: string;
  role: Role;
  session_version: number;
}

function refuseWhileLimited(seconds: number): void {
  if (seconds > 0) throw new TooManyAttempts(seconds);
}

export interface LoginAttempt {
  login: string;
  password: string;
  /** The caller's address, for the counters. */
  address: string;
}

/**
 * Who a login and password belong to: a read and the failed-attempt counters, no write. An unknown login is checked
 * against a decoy hash, so the time taken does not tell it apart; a wrong password, an inactive user and (outside demo
 * mode) a demo account all fail alike with 401. An attempt counts from its start and is taken back when it succeeds.
 */
export async function checkLogin(
  deps: Pick<DomainDeps, 'db'>,
  limits: SignInLimits,
  attempt: LoginAttempt,
  demo: boolean,
): Promise<SessionUser> {
  const login = attempt.login.trim();
  const addressKey = attempt.address;
  const loginKey = `${attempt.address}|${login.toLowerCase()}`;
  refuseWhileLimited(Math.max(limits.perAddress.retryAfter(addressKey), limits.perLogin.retryAfter(loginKey)));
  limits.perAddress.begin(addressKey);
  limits.perLogin.begin(loginKey);
  // Logins are unique without regard to case (a unique index on lower(login)): a phone's capital first letter
  // still finds the account.
  const user = await findUserByLogin(deps.db, login);
  const ok = await verifyPassword(attempt.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !ok || !user.is_active || (user.is_demo && !demo)) throw unauthorized(messages.loginFailed);
  limits.perAddress.succeeded(addressKey);
  limits.perLogin.succeeded(loginKey);
  return user;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/**
 * The caller's own new password, given the current one (400 when it is wrong; counted per user like logins). The
 * change raises the session version, which ends every earlier token on every device; answered is what this device's
 * new token is signed from. Of two changes checked against the same password at once, one wins and the other is told
 * its current password is wrong: both winning would answer a token the later write had already ended.
 */
export async function changePassword(
  deps: DomainDeps,
  limits: SignInLimits,
  viewer: Viewer,
  change: PasswordChange,
): Promise<SessionUser> {
  const { current_password, new_password } = change;
  refuseWhileLimited(limits.perUser.retryAfter(viewer._id));
  limits.perUser.begin(viewer._id);
  const currentHash = await findPasswordHash(deps.db, viewer._id);
  if (currentHash === undefined) throw unauthorized();
  if (!(await verifyPassword(current_password, currentHash))) throw badRequest(messages.wrongCurrentPassword);
  limits.perUser.succeeded(viewer._id);
  if (new_password === current_password) throw badRequest(messages.samePassword);
  // Hashed before the transaction: scrypt's tens of milliseconds need no transaction held open.
  const passwordHash = await hashPassword(new_password);
  return deps.work(async (w) => {
    const updated = await changeOwnPassword(w.tx, viewer._id, passwordHash, currentHash);
    if (updated) return updated;
    if ((await findPasswordHash(w.tx, viewer._id)) === undefined) throw unauthorized();
    throw badRequest(messages.wrongCurrentPassword);
  });
}

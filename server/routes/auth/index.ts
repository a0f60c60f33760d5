import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { FailedAttempts, tooManyAttemptsMessage } from '../../domain/failed-attempts';
import { badRequest, HttpError, unauthorized } from '../../errors';
import { decoyHash, hashPassword, PasswordWorkBusy, verifyPassword } from '../../passwords';
import { changeOwnPassword, findPasswordHash, findProfile, findUserByLogin } from '../../repositories/users';
import { ChangePasswordBody, LoginAnswer, LoginBody, ProfileAnswer } from '../../schemas/auth';
import { bearer, errors } from '../../schemas/common';
import { authenticated } from '../../viewer';

export const LOGIN_FAILED = 'Login yoki parol xato';
export const WRONG_CURRENT_PASSWORD = "Joriy parol noto'g'ri.";
export const SAME_PASSWORD = 'Yangi parol joriy paroldan farq qilishi kerak.';

export interface AuthRoutesOptions {
  demo: boolean;
  /** Failed attempts allowed per address and login (and per user for password changes) within the window. */
  loginRateMax: number;
  /** Failed logins allowed per address, whatever the login, within the window. */
  loginIpRateMax: number;
  loginRateWindowMs: number;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const windowMs = options.loginRateWindowMs;
  // Per address and login: one attacker cannot lock a user out from the user's own address.
  const perLogin = new FailedAttempts({ max: options.loginRateMax, windowMs });
  // Per address, whatever the login: random login names would otherwise never be limited.
  const perAddress = new FailedAttempts({ max: options.loginIpRateMax, windowMs });
  const perUser = new FailedAttempts({ max: options.loginRateMax, windowMs });

  /** 429 with how long to wait, in the message and in Retry-After, before any password is hashed. */
  const refuseWhileLimited = (reply: FastifyReply, seconds: number) => {
    if (seconds === 0) return;
    reply.header('retry-after', String(seconds));
    throw new HttpError(429, tooManyAttemptsMessage(seconds));
  };
  /** A full hashing queue answers 503 at once, with Retry-After. */
  const busyWithRetryAfter = (reply: FastifyReply) => (error: unknown) => {
    if (error instanceof PasswordWorkBusy) reply.header('retry-after', String(error.retryAfter));
    throw error;
  };

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with login and password',
        description: 'Answers a JWT (payload: role, _id). A wrong password and an inactive user fail alike with 401.',
        body: LoginBody,
        response: { 200: LoginAnswer, ...errors(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const login = request.body.login.trim();
      const addressKey = request.ip;
      const loginKey = `${request.ip}|${login.toLowerCase()}`;
      refuseWhileLimited(reply, Math.max(perAddress.retryAfter(addressKey), perLogin.retryAfter(loginKey)));
      perAddress.begin(addressKey);
      perLogin.begin(loginKey);
      // Logins are unique without regard to case (a unique index on lower(login)): a phone's capital first letter
      // still finds the account.
      const user = await findUserByLogin(app.db, login);
      const ok = await verifyPassword(request.body.password, user?.password_hash ?? (await decoyHash())).catch(
        busyWithRetryAfter(reply),
      );
      if (!user || !ok || !user.is_active || (user.is_demo && !options.demo)) throw unauthorized(LOGIN_FAILED);
      perAddress.succeeded(addressKey);
      perLogin.succeeded(loginKey);
      return { data: { accessToken: app.signSession(user) } };
    },
  );

  app.get(
    '/auth/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'The logged-in user',
        security: bearer,
        response: { 200: ProfileAnswer, ...errors(401) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const user = await findProfile(app.db, authenticated(request)._id);
      if (!user) throw unauthorized();
      return { data: user };
    },
  );

  app.put(
    '/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the caller's own password",
        description:
          'Any logged-in user, with the current password (400 if it is wrong; attempts are rate-limited per user like ' +
          'logins). Every token issued before the change stops working, on every device; the answer carries a new ' +
          'token for this one.',
        security: bearer,
        body: ChangePasswordBody,
        response: { 200: LoginAnswer, ...errors(400, 401, 429, 503) },
      },
      // Authenticated first (onRequest), so wrong current passwords are counted per user, not per anonymous body.
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const viewer = authenticated(request);
      const { current_password, new_password } = request.body;
      refuseWhileLimited(reply, perUser.retryAfter(viewer._id));
      perUser.begin(viewer._id);
      const currentHash = await findPasswordHash(app.db, viewer._id);
      if (currentHash === undefined) throw unauthorized();
      const ok = await verifyPassword(current_password, currentHash).catch(busyWithRetryAfter(reply));
      if (!ok) throw badRequest(WRONG_CURRENT_PASSWORD);
      perUser.succeeded(viewer._id);
      if (new_password === current_password) throw badRequest(SAME_PASSWORD);
      const password_hash = await hashPassword(new_password).catch(busyWithRetryAfter(reply));
      // A new session version ends every earlier token, on every device; this one gets a token of the new version.
      const updated = await changeOwnPassword(app.db, viewer._id, password_hash);
      if (!updated) throw unauthorized();
      return { data: { accessToken: app.signSession(updated) } };
    },
  );
};

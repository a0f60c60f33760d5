import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { changePassword, checkLogin, SignInLimits, TooManyAttempts } from '../../domain/users/passwords';
import { unauthorized } from '../../errors';
import { messages } from '../../messages';
import { PasswordWorkBusy } from '../../passwords';
import { findProfile } from '../../repositories/users';
import { ChangePasswordBody, LoginAnswer, LoginBody, ProfileAnswer } from '../../schemas/auth';
import { bearer, errors } from '../../schemas/common';
import { authenticated } from '../../viewer';

export const SAME_PASSWORD = messages.samePassword;
export const WRONG_CURRENT_PASSWORD = messages.wrongCurrentPassword;

export interface AuthRoutesOptions {
  demo: boolean;
  /** Failed attempts allowed per address and login (and per user for password changes) within the window. */
  loginRateMax: number;
  /** Failed logins allowed per address, whatever the login, within the window. */
  loginIpRateMax: number;
  loginRateWindowMs: number;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const limits = new SignInLimits(
    { max: options.loginRateMax, addressMax: options.loginIpRateMax, windowMs: options.loginRateWindowMs },
    app.sharedLimits,
  );
  const deps = { db: app.db, work: app.work };

  /** A 429 (too many attempts) and a 503 (the hashing queue is full) say when to try again in Retry-After too. */
  const withRetryAfter = (reply: FastifyReply) => (error: unknown) => {
    if (error instanceof TooManyAttempts || error instanceof PasswordWorkBusy) {
      reply.header('retry-after', String(error.retryAfter));
    }
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
      const { login, password } = request.body;
      const user = await checkLogin(deps, limits, { login, password, address: request.ip }, options.demo).catch(
        withRetryAfter(reply),
      );
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
      const updated = await changePassword(deps, limits, authenticated(request), request.body).catch(
        withRetryAfter(reply),
      );
      return { data: { accessToken: app.signSession(updated) } };
    },
  );
};

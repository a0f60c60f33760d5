import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { badRequest, unauthorized } from '../../errors';
import { decoyHash, hashPassword, verifyPassword } from '../../passwords';
import { ChangePasswordBody, LoginAnswer, LoginBody, ProfileAnswer } from '../../schemas/auth';
import { bearer, errors } from '../../schemas/common';

export const LOGIN_FAILED = 'Login yoki parol xato';
export const WRONG_CURRENT_PASSWORD = "Joriy parol noto'g'ri.";
export const SAME_PASSWORD = 'Yangi parol joriy paroldan farq qilishi kerak.';
export const TOO_MANY_ATTEMPTS = "Juda ko'p urinish. Iltimos, birozdan so'ng qayta urinib ko'ring.";

export interface AuthRoutesOptions {
  demo: boolean;
  loginRateMax: number;
  loginRateWindowMs: number;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const tooManyAttempts = (_request: unknown, context: { statusCode: number }) => ({
    statusCode: context.statusCode,
    error: 'Too Many Requests',
    message: TOO_MANY_ATTEMPTS,
  });

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with login and password',
        description: 'Answers a JWT (payload: role, _id). A wrong password and an inactive user fail alike with 401.',
        body: LoginBody,
        response: { 200: LoginAnswer, ...errors(400, 401, 429) },
      },
      config: {
        // Counted per IP and login, after the body is parsed, so one attacker cannot lock out everyone.
        rateLimit: {
          max: options.loginRateMax,
          timeWindow: options.loginRateWindowMs,
          hook: 'preHandler',
          keyGenerator: (request) => {
            const login = (request.body as { login?: unknown } | undefined)?.login;
            return `${request.ip}|${typeof login === 'string' ? login.trim().toLowerCase() : ''}`;
          },
          errorResponseBuilder: tooManyAttempts,
        },
      },
    },
    async (request) => {
      const login = request.body.login.trim();
      const [user] = await app.db.select().from(users).where(eq(users.login, login)).limit(1);
      const ok = await verifyPassword(request.body.password, user?.password_hash ?? (await decoyHash()));
      if (!user || !ok || !user.is_active || (user.is_demo && !options.demo)) throw unauthorized(LOGIN_FAILED);
      const accessToken = app.jwt.sign({ role: user.role, _id: user._id });
      return { data: { accessToken } };
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
      const [user] = await app.db
        .select({ _id: users._id, login: users.login, role: users.role, is_active: users.is_active })
        .from(users)
        .where(eq(users._id, request.viewer!._id))
        .limit(1);
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
        response: { 200: LoginAnswer, ...errors(400, 401, 429) },
      },
      // Authenticated first (onRequest), so the rate limit below counts per user, not per anonymous body.
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: options.loginRateMax,
          timeWindow: options.loginRateWindowMs,
          hook: 'preHandler',
          keyGenerator: (request) => `password|${request.viewer?._id ?? request.ip}`,
          errorResponseBuilder: tooManyAttempts,
        },
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const { current_password, new_password } = request.body;
      const [user] = await app.db
        .select({ password_hash: users.password_hash })
        .from(users)
        .where(eq(users._id, viewer._id))
        .limit(1);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(current_password, user.password_hash))) throw badRequest(WRONG_CURRENT_PASSWORD);
      if (new_password === current_password) throw badRequest(SAME_PASSWORD);
      await app.db
        .update(users)
        .set({
          password_hash: await hashPassword(new_password),
          password_changed_at: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users._id, viewer._id));
      return { data: { accessToken: app.jwt.sign({ role: viewer.role, _id: viewer._id }) } };
    },
  );
};

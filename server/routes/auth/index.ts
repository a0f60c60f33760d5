import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { unauthorized } from '../../errors';
import { decoyHash, verifyPassword } from '../../passwords';
import { LoginAnswer, LoginBody, ProfileAnswer } from '../../schemas/auth';
import { bearer, errors } from '../../schemas/common';

export const LOGIN_FAILED = 'Login yoki parol xato';
export const TOO_MANY_ATTEMPTS = "Juda ko'p urinish. Iltimos, birozdan so'ng qayta urinib ko'ring.";

export interface AuthRoutesOptions {
  demo: boolean;
  loginRateMax: number;
  loginRateWindowMs: number;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
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
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            error: 'Too Many Requests',
            message: TOO_MANY_ATTEMPTS,
          }),
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
};

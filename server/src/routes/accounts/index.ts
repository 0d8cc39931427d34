import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../../common/errors';
import { changePasswordSchema, emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema, tokenField } from '../../../../common/schemas/account';
import { currentUserOf, requireUser } from '../../plugins/auth';
import { changePassword } from '../../services/auth/change-password';
import { login } from '../../services/auth/login';
import { assertResetTokenLive, requestPasswordReset, resetPassword } from '../../services/auth/password-reset';
import { registerAccount } from '../../services/auth/register';
import { resendVerification } from '../../services/auth/resend-verification';
import { endAllSessions, endSession } from '../../services/auth/sessions';
import { verifyEmail } from '../../services/auth/verify-email';
import { ok } from '../reply';
import { mailingRouteOptions, perIpLimit } from './limit-hooks';

/**
 * HTTP routes of the accounts area, registered by app.ts. Handlers stay thin: services do the work.
 * Success messages the page shows ride along as `messageCode` (2009 login, 2011 registration).
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const limits = ctx.config.auth.limits;

  app.post(
    '/api/auth/register',
    mailingRouteOptions(app, 'register', registerSchema, { ip: limits.registerIp, email: limits.registerEmail }, Code.TooManyRegistrations),
    async (req, reply) => {
      const logError = (err: unknown) => req.log.error({ err }, 'verification mail not sent');
      const data = await registerAccount(ctx, req.body, req.locale, logError);
      return reply.code(201).send(ok({ ...data, messageCode: Code.RegistrationSucceeded }));
    },
  );

  app.get('/api/auth/verify', { schema: { querystring: z.object({ token: z.string().optional(), lang: z.string().optional() }) } }, async (req, reply) => {
    const { location } = await verifyEmail(ctx, req.query.token ?? '', req.query.lang);
    return reply.redirect(location, 302);
  });

  app.post(
    '/api/auth/resend',
    mailingRouteOptions(app, 'resend', emailOnlySchema, { ip: limits.resendIp, email: limits.resendEmail }, Code.TooManyVerificationMails),
    async (req) => {
      await resendVerification(ctx, req.body.email, (err) => req.log.error({ err }, 'verification mail not sent'));
      return ok({});
    },
  );

  app.post('/api/auth/login', { schema: { body: loginSchema }, config: { rateLimit: perIpLimit('login', limits.loginIp) } }, async (req) =>
    ok({ ...(await login(ctx, req.body.email, req.body.password)), messageCode: Code.LoginSucceeded }),
  );

  /** Ends the current sign-in; a stale or missing token is already signed out. */
  app.post('/api/auth/logout', { config: { rateLimit: perIpLimit('logout', limits.loginIp) } }, async (req) => {
    const user = await req.sessionUser().catch(() => null);
    if (user) await endSession(ctx.db, user.sessionId);
    return ok({});
  });

  app.post(
    '/api/auth/forgot',
    mailingRouteOptions(app, 'reset', emailOnlySchema, { ip: limits.resetIp, email: limits.resetEmail }, Code.TooManyResetMails),
    async (req) => {
      await requestPasswordReset(ctx, req.body.email, req.locale, (err) => req.log.error({ err }, 'reset mail not sent'));
      return ok({});
    },
  );

  app.post(
    '/api/auth/reset/check',
    { schema: { body: z.object({ token: tokenField }) }, config: { rateLimit: perIpLimit('reset-check', limits.resetIp) } },
    async (req) => {
      await assertResetTokenLive(ctx, req.body.token);
      return ok({});
    },
  );

  app.post('/api/auth/reset', { schema: { body: resetPasswordSchema }, config: { rateLimit: perIpLimit('reset-submit', limits.resetIp) } }, async (req) => {
    await resetPassword(ctx, req.body.token, req.body.password);
    return ok({});
  });

  app.post('/api/account/password', { schema: { body: changePasswordSchema }, preHandler: requireUser }, async (req) => {
    const user = await currentUserOf(req);
    await changePassword(ctx, user.id, user.sessionId, req.body.currentPassword, req.body.password);
    return ok({});
  });

  app.post('/api/account/logout-all', { preHandler: requireUser }, async (req) => {
    const user = await currentUserOf(req);
    await endAllSessions(ctx.db, user.id);
    return ok({});
  });
};

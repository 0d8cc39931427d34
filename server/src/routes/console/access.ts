import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSOLE_ACCESS, type ConsoleAccess, mayAccess } from '../../../../common/console/staff';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';
import { type AuditScope, recordWrite, targetOf } from '../../services/audit/audit-log';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a console route needs (common/console/staff.ts). A route that declares nothing is the organiser's alone. */
    access?: ConsoleAccess;
    /** A write that keeps its own history (entry reviews, vote voids), which the audit log reads instead. */
    auditedElsewhere?: boolean;
  }
  interface FastifyRequest {
    /** The audit line of a console write, filled by the console's guard; null on reads and elsewhere. */
    consoleAudit: AuditScope | null;
  }
}

/** Every console API route as "METHOD /path" with the access it declared, for the authorisation-matrix test. */
export const CONSOLE_ROUTE_ACCESS = new Map<string, ConsoleAccess>();

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The console API's one guard, added to its plugin so every route inside it (child plugins included) passes
 * here before a byte of the body is read: signed in, and allowed the route's declared access; an undeclared
 * route stays the organiser's, so a route added without thought is closed, not open. A write that succeeds
 * leaves one line in the audit log.
 */
export function guardConsoleRoutes(app: FastifyInstance, onRoute: (key: string) => void): void {
  const { db } = app.ctx;
  app.decorateRequest('consoleAudit', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'organiser';
    if (!CONSOLE_ACCESS.includes(access)) throw new Error(`${route.url}: unknown console access "${access}"`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      CONSOLE_ROUTE_ACCESS.set(`${method} ${route.url}`, access);
      onRoute(`${method} ${route.url}`);
    }
  });
  app.addHook('onRequest', async (req) => {
    const user = await req.sessionUser();
    if (!user) throw new AppError(Code.LoginRequired);
    const config = req.routeOptions.config;
    if (!mayAccess(user.role, config.access ?? 'organiser')) throw new AppError(Code.Forbidden);
    if (WRITES.has(req.method) && !config.auditedElsewhere) {
      req.consoleAudit = { actorId: user.id, ip: req.clientIp, action: `${req.method} ${req.routeOptions.url}`, target: null, written: false };
    }
  });
  // The parameters are parsed by now, so the target reads as the route's own names and values.
  app.addHook('preHandler', async (req) => {
    if (req.consoleAudit) req.consoleAudit.target = targetOf(req.params);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const scope = req.consoleAudit;
    if (scope && reply.statusCode < 400) {
      // The write itself has happened: a log line that cannot be written is reported, not turned into a failure.
      await recordWrite(db, scope).catch((err: unknown) => req.log.error({ err, action: scope.action }, 'audit line not written'));
    }
    return payload;
  });
}

/** Inside a handler: a further check where one route serves two levels (a reviewer's bulk approval, but not a bulk award). */
export async function requireAccess(req: FastifyRequest, access: ConsoleAccess): Promise<void> {
  const user = await req.sessionUser();
  if (!user) throw new AppError(Code.LoginRequired);
  if (!mayAccess(user.role, access)) throw new AppError(Code.Forbidden);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { resolveSession, type SessionUser } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the bearer token once per request; null when none was sent. Throws 1008 when it is stale. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** preHandler: a signed-in user is required (1009 without a token, 1008 with a stale one). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const user = await request.sessionUser();
  if (!user) throw new AppError(Code.LoginRequired);
}

/** preHandler: an admin is required; the check is on the server for every console route. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.sessionUser();
  if (!user) throw new AppError(Code.LoginRequired);
  if (user.role !== 'admin') throw new AppError(Code.Forbidden);
}

/** preHandler: a juror is required (the judging area); admins and entrants get 7105. */
export async function requireJuror(request: FastifyRequest): Promise<void> {
  const user = await request.sessionUser();
  if (!user) throw new AppError(Code.LoginRequired);
  if (user.role !== 'juror') throw new AppError(Code.JurorRequired);
}

/** Returns the signed-in user or throws; for handlers behind requireUser/requireAdmin. */
export async function currentUserOf(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw new AppError(Code.LoginRequired);
  return user;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: Config }) => {
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = bearerToken(this);
      pending = token ? resolveSession(opts.db, opts.config, token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
});

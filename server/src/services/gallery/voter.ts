import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The voter: a signed httpOnly cookie (a random id) beside the client address Fastify resolves. */
export const VOTER_COOKIE = 'mfc_voter';
const YEAR_S = 365 * 86_400;

/** The voter key from a valid signed cookie, or undefined (no cookie, or tampered with). */
export function readVoterKey(request: FastifyRequest): string | undefined {
  const raw = request.cookies[VOTER_COOKIE];
  if (!raw) return undefined;
  const un = request.unsignCookie(raw);
  return un.valid && un.value && /^[\w-]{16,64}$/.test(un.value) ? un.value : undefined;
}

/** Returns the voter key, issuing a new cookie when the visitor has none. */
export function ensureVoterKey(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readVoterKey(request);
  if (existing) return existing;
  const key = randomBytes(16).toString('base64url');
  reply.setCookie(VOTER_COOKIE, key, { signed: true, httpOnly: true, sameSite: 'lax', path: '/', maxAge: YEAR_S, secure });
  return key;
}

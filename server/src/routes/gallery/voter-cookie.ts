import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  newVoterKey,
  VIEWED_COOKIE,
  VIEWED_COOKIE_MAX_AGE_S,
  VOTER_COOKIE,
  VOTER_COOKIE_MAX_AGE_S,
  viewedIds,
  voterKeyFrom,
  withViewed,
} from '../../services/gallery/voter';
import { WECHAT_SIGNED_IN_COOKIE, WECHAT_VOTER_COOKIE, WECHAT_VOTER_TTL_S, wechatIdFrom, wechatVoterValue } from '../../services/gallery/voter-wechat';

/** The voter key from a valid signed cookie, or undefined (no cookie, or tampered with). */
export function readVoterKey(request: FastifyRequest): string | undefined {
  const raw = request.cookies[VOTER_COOKIE];
  if (!raw) return undefined;
  const un = request.unsignCookie(raw);
  return un.valid ? voterKeyFrom(un.value) : undefined;
}

/** Returns the voter key, issuing a new cookie when the visitor has none. */
export function ensureVoterKey(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readVoterKey(request);
  if (existing) return existing;
  const key = newVoterKey();
  reply.setCookie(VOTER_COOKIE, key, { signed: true, httpOnly: true, sameSite: 'lax', path: '/', maxAge: VOTER_COOKIE_MAX_AGE_S, secure });
  return key;
}

function readViewed(request: FastifyRequest): string | undefined {
  const raw = request.cookies[VIEWED_COOKIE];
  if (!raw) return undefined;
  const un = request.unsignCookie(raw);
  return un.valid ? (un.value ?? undefined) : undefined;
}

/** Notes that this visitor opened the entry's page (a fraud signal read when they vote). */
export function markViewed(request: FastifyRequest, reply: FastifyReply, entryId: number, secure: boolean): void {
  const value = withViewed(readViewed(request), entryId);
  reply.setCookie(VIEWED_COOKIE, value, { signed: true, httpOnly: true, sameSite: 'lax', path: '/', maxAge: VIEWED_COOKIE_MAX_AGE_S, secure });
}

export function viewedBefore(request: FastifyRequest, entryId: number): boolean {
  return viewedIds(readViewed(request)).includes(entryId);
}

/** The WeChat identity from a valid signed cookie that has not run out, or undefined. */
export function readWechatId(request: FastifyRequest): string | undefined {
  const raw = request.cookies[WECHAT_VOTER_COOKIE];
  if (!raw) return undefined;
  const un = request.unsignCookie(raw);
  return un.valid ? wechatIdFrom(un.value) : undefined;
}

/**
 * After WeChat's authorisation: the visitor is this WeChat voter for a day (the identity, never a token). A
 * second cookie the page can read says only that there is one, so the Vote button goes to WeChat first when
 * there is none instead of asking for a refusal.
 */
export function setWechatId(reply: FastifyReply, id: string, secure: boolean): void {
  const options = { sameSite: 'lax', path: '/', maxAge: WECHAT_VOTER_TTL_S, secure } as const;
  reply.setCookie(WECHAT_VOTER_COOKIE, wechatVoterValue(id), { ...options, signed: true, httpOnly: true });
  reply.setCookie(WECHAT_SIGNED_IN_COOKIE, '1', options);
}

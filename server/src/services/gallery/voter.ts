import { randomBytes } from 'node:crypto';

/**
 * The voter: a random id the route keeps in a signed httpOnly cookie, beside the client address. The
 * rules live here; reading and setting the cookie is HTTP, so it stays in routes/gallery/voter-cookie.ts.
 */
export const VOTER_COOKIE = 'mfc_voter';
export const VOTER_COOKIE_MAX_AGE_S = 365 * 86_400;

/** The key from a cookie whose signature held, or undefined when it is not one this server issues. */
export function voterKeyFrom(value: string | null | undefined): string | undefined {
  return value && /^[\w-]{16,64}$/.test(value) ? value : undefined;
}

export function newVoterKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * "Viewed the entry first", a fraud signal: opening an entry's page (its detail API) adds its id to a signed,
 * short-lived cookie; a vote on an entry in it counts as viewed first. A script posting votes skips the page.
 */
export const VIEWED_COOKIE = 'mfc_viewed';
export const VIEWED_COOKIE_MAX_AGE_S = 30 * 60;
const VIEWED_KEEP = 8;

export function viewedIds(value: string | null | undefined): number[] {
  return (value ?? '')
    .split('.')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** The cookie's value after viewing `entryId`: it first, then up to seven others viewed before. */
export function withViewed(value: string | null | undefined, entryId: number): string {
  return [entryId, ...viewedIds(value).filter((n) => n !== entryId)].slice(0, VIEWED_KEEP).join('.');
}

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

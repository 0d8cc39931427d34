import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque 256-bit token, URL-safe. Only its digest is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

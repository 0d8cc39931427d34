import { createHmac, timingSafeEqual } from 'node:crypto';
import { roleOf } from '../../../../common/api-types';
import { mayAccess } from '../../../../common/console/staff';
import { type DownloadableFile, ENTRY_FILES, type EntryFileName, isFieldFileName } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { findUserById } from '../../db/repos/accounts';
import { AppError } from '../../errors';

/**
 * Short-lived links for the console's file downloads. A film original can be gigabytes: fetching it with the
 * bearer token would hold it in the browser's memory, so the console asks for a signed link (an admin-only
 * API call) and lets the browser's own download manager fetch it. The link names one file of one entry and
 * the admin who asked; it dies after five minutes, and the admin must still be an enabled admin when it is used.
 */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

type Claims = { entryId: number; file: DownloadableFile; adminId: number; expires: number };

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', `download-link:${secret}`).update(payload).digest();

export function signDownloadLink(secret: string, claims: Omit<Claims, 'expires'>, now = Date.now()): string {
  const payload = b64(JSON.stringify([claims.entryId, claims.file, claims.adminId, now + DOWNLOAD_LINK_TTL_MS]));
  return `/api/downloads/${payload}.${b64(mac(secret, payload))}`;
}

/** The claims of a genuine, unexpired token; 6025 for anything else (forged, altered, expired, garbled). */
export function readDownloadToken(secret: string, token: string, now = Date.now()): Claims {
  const [payload = '', signature = ''] = token.split('.');
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(Code.DownloadLinkExpired);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(Code.DownloadLinkExpired);
  }
  const [entryId, file, adminId, expires] = Array.isArray(parsed) ? parsed : [];
  const valid =
    Number.isInteger(entryId) &&
    Number.isInteger(adminId) &&
    typeof expires === 'number' &&
    (ENTRY_FILES.includes(file as EntryFileName) || (typeof file === 'string' && isFieldFileName(file))) &&
    expires > now;
  if (!valid) throw new AppError(Code.DownloadLinkExpired);
  return { entryId, file, adminId, expires };
}

/** A token is honoured only while the staff member who asked for it may still review entries and is enabled. */
export async function authoriseDownload(ctx: Pick<AppContext, 'config' | 'db'>, token: string, now = Date.now()): Promise<Claims> {
  const claims = readDownloadToken(ctx.config.cookieSecret, token, now);
  const admin = await findUserById(ctx.db, claims.adminId);
  if (!admin || !mayAccess(roleOf(admin.role), 'review') || admin.disabled_at) throw new AppError(Code.DownloadLinkExpired);
  return claims;
}

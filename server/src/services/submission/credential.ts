import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '../../../../common/errors';
import { megabytes } from '../../../../common/format';
import { CREDENTIAL_PURPOSES, type CredentialPurpose, type CredentialRequest, isAdminUploadPurpose, maxBytesFor } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { uploadUsage } from '../../db/repos/submission/upload-usage';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { assertMayUploadExhibitionVideo } from '../exhibition-video/videos';
import { assertDiskReserve, assertUploadFits } from './quota';
import { assertMaySubmit, uploadSettingsFor } from './settings';

/** Long enough to start an upload on a slow page; resuming later needs only the same signed-in owner. */
export const CREDENTIAL_TTL_MS = 15 * 60_000;

export type CredentialClaims = { purpose: CredentialPurpose; owner: number; size: number; name: string; exp: number; nonce: string };

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `upload-credential:${secret}`).update(payload).digest('base64url');
}

/**
 * The "temporary secret key" the browser asks for before it uploads a file: a short-lived credential signed
 * with the server's secret, scoped to one purpose, one owner and one exact size (which must be within the
 * purpose's limit). Entrants' purposes need the submission window; `exhibitionVideo` needs the content
 * editing right instead. One credential creates one upload: its nonce is spent with the upload row (tus-server, 5020
 * after).
 */
export async function issueCredential(ctx: AppContext, user: SessionUser, request: CredentialRequest, now = Date.now()) {
  const settings = await uploadSettingsFor(ctx.db, user.id, new Date(now));
  // Staff uploads (the exhibition video) answer to the staff role, not to the submission window.
  if (isAdminUploadPurpose(request.purpose)) await assertMayUploadExhibitionVideo(ctx, user);
  else assertMaySubmit(user, settings);
  const limit = maxBytesFor(request.purpose, settings.empowerMaxBytes);
  if (request.size > limit && request.purpose === 'subtitles') throw new AppError(Code.SubtitlesTooLarge);
  if (request.size > limit) throw new AppError(Code.FileTooLarge, { values: { size: megabytes(limit) } });
  // Said early, before any byte is sent; the creation checks again with the account locked (tus-server).
  if (!isAdminUploadPurpose(request.purpose)) assertUploadFits(ctx.config.uploads, await uploadUsage(ctx.db, user.id), request.size);
  await assertDiskReserve(ctx, request.size);
  const claims: CredentialClaims = {
    purpose: request.purpose,
    owner: user.id,
    size: request.size,
    name: request.name.slice(0, 255),
    exp: now + CREDENTIAL_TTL_MS,
    nonce: randomBytes(8).toString('hex'),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { credential: `${payload}.${sign(ctx.config.cookieSecret, payload)}`, expiresAt: new Date(claims.exp).toISOString(), maxBytes: limit };
}

/** Verifies signature, expiry and scope; throws 5012 (invalid), 5013 (expired) or 5014 (someone else's). */
export function verifyCredential(secret: string, credential: string | undefined, expect: { owner: number; size: number }, now = Date.now()): CredentialClaims {
  const [payload, signature] = (credential ?? '').split('.');
  if (!payload || !signature) throw new AppError(Code.UploadCredentialInvalid);
  const wanted = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) throw new AppError(Code.UploadCredentialInvalid);
  let claims: CredentialClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CredentialClaims;
  } catch {
    throw new AppError(Code.UploadCredentialInvalid);
  }
  // The nonce is what the first upload spends (tus-server), so a credential without one is no credential.
  if (!CREDENTIAL_PURPOSES.includes(claims.purpose) || typeof claims.nonce !== 'string' || !claims.nonce) throw new AppError(Code.UploadCredentialInvalid);
  if (claims.exp < now) throw new AppError(Code.UploadCredentialExpired);
  if (claims.owner !== expect.owner) throw new AppError(Code.UploadNotYours);
  if (claims.size !== expect.size) throw new AppError(Code.UploadCredentialInvalid);
  return claims;
}

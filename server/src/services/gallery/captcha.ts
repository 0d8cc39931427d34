import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Code } from '../../../../common/errors';
import type { CaptchaChallenge } from '../../../../common/gallery';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { consumeCaptcha, findCaptcha, insertCaptcha, purgeCaptchas } from '../../db/repos/gallery/captchas';
import { AppError } from '../../errors';

/** Letters people do not confuse (no 0/O, 1/I/L); answers compare case-insensitively. */
export const CAPTCHA_CHARSET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_OPTIONS = { size: CAPTCHA_LENGTH, charPreset: CAPTCHA_CHARSET, noise: 2, color: true, background: '#f5f7fb', width: 120, height: 44 };

/** Only an HMAC of (id, answer) is stored: a database reader cannot read the answers off the table. */
export function captchaHash(secret: string, id: string, answer: string): string {
  return createHmac('sha256', secret).update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

export async function createCaptcha(ctx: AppContext, now = new Date()): Promise<CaptchaChallenge> {
  const c = svgCaptcha.create(CAPTCHA_OPTIONS);
  const id = randomBytes(16).toString('base64url');
  const expiresAt = nowIso(new Date(now.getTime() + CAPTCHA_TTL_MS));
  await insertCaptcha(ctx.db, { id, answerHash: captchaHash(ctx.config.cookieSecret, id, c.text), expiresAt, at: nowIso(now) });
  // Housekeeping now and then rather than a timer: one server or ten, no scheduler needed.
  if (Math.random() < 0.01) await purgeCaptchas(ctx.db, nowIso(new Date(now.getTime() - 86_400_000)));
  return { id, svg: c.data, expiresAt };
}

/**
 * Checks an answer: 2013 when empty, 3001 when unknown or wrong, 3003 when expired, 3004 when already used.
 * Any attempt uses the captcha up, so a wrong guess cannot be retried against the same image.
 */
export async function verifyCaptcha(ctx: AppContext, id: string | undefined, answer: string | undefined, now = new Date()): Promise<void> {
  if (!id?.trim() || !answer?.trim()) throw new AppError(Code.CaptchaRequired, { fields: { captchaAnswer: Code.CaptchaRequired } });
  const row = await findCaptcha(ctx.db, id.trim());
  if (!row) throw new AppError(Code.CaptchaWrong, { fields: { captchaAnswer: Code.CaptchaWrong } });
  if (row.used_at) throw new AppError(Code.CaptchaUsed, { fields: { captchaAnswer: Code.CaptchaUsed } });
  if (row.expires_at <= nowIso(now)) throw new AppError(Code.CaptchaExpired, { fields: { captchaAnswer: Code.CaptchaExpired } });
  if (!(await consumeCaptcha(ctx.db, row.id, nowIso(now)))) throw new AppError(Code.CaptchaUsed, { fields: { captchaAnswer: Code.CaptchaUsed } });
  const expected = Buffer.from(row.answer_hash, 'hex');
  const given = Buffer.from(captchaHash(ctx.config.cookieSecret, row.id, answer), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(Code.CaptchaWrong, { fields: { captchaAnswer: Code.CaptchaWrong } });
}

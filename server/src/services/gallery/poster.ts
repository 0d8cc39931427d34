import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { Code } from '../../../../common/errors';
import { entryUrl } from '../../../../common/gallery';
import { escapeHtml } from '../../../../common/html-escape';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { findApproved } from '../../db/repos/entries/repository';
import { AppError } from '../../errors';
import { siteIdentity } from '../content/identity';
import { titleFor } from '../entries/presenter';
import { assertGalleryOpen } from './voting-settings';

const W = 750;
const H = 1220;
const COVER_H = 620;
const QR = 260;
export const FONT = "'Noto Sans CJK SC','Noto Sans CJK TC','PingFang SC','Microsoft YaHei',sans-serif";

/**
 * Splits a title into at most `lines` lines of about `max` em (CJK counts 1, Latin about 0.55), between words
 * for Latin text (a word longer than a line is cut), and ends with "…" when the title does not fit.
 */
export function wrapTitle(text: string, max: number, lines: number): string[] {
  const em = (s: string) => [...s].reduce((a, ch) => a + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.56), 0);
  // A CJK character, or a Latin word with the spaces after it: the pieces a line may break between.
  const pieces = text.trim().match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) ?? [];
  const out: string[] = [];
  let line = '';
  let cut = false;
  for (const piece of pieces.flatMap((p) => (em(p.trimEnd()) > max ? [...p] : [p]))) {
    if (line && em(line + piece.trimEnd()) > max) {
      out.push(line.trimEnd());
      line = '';
      if (out.length === lines) {
        cut = true;
        break;
      }
    }
    if (line || piece.trim()) line += piece;
  }
  if (!cut && line.trim()) out.push(line.trimEnd());
  if (cut) {
    const last = out[lines - 1] as string;
    out[lines - 1] = `${em(last) + 1 > max ? [...last].slice(0, -1).join('').trimEnd() : last}…`;
  }
  return out;
}

/** The cover from local media (DATA_DIR/media), if it is one; otherwise the poster has none. */
export function localMedia(ctx: AppContext, url: string | null): string | null {
  if (!url?.startsWith('/media/')) return null;
  const root = path.join(ctx.config.dataDir, 'media');
  const file = path.resolve(root, `.${decodeURIComponent(url.slice('/media'.length))}`);
  return file.startsWith(root + path.sep) && fs.existsSync(file) ? file : null;
}

/**
 * The share poster (PNG): cover, title, entry number, "Scan and Vote" and a QR code of the entry's URL in
 * the visitor's locale. Drawn on the server with sharp so every phone gets the same picture; Chinese text
 * needs a CJK font on the server (Debian: fonts-noto-cjk). Any failure is 2101, "refresh and retry".
 */
export async function renderPoster(ctx: AppContext, id: number, locale: Locale): Promise<Buffer> {
  const entry = await findApproved(ctx.db, id);
  if (entry) await assertGalleryOpen(ctx.db);
  if (!entry) throw new AppError(Code.EntryNotFound);
  try {
    const url = entryUrl(ctx.config.publicUrl, locale, id);
    const qr = await QRCode.toBuffer(url, { type: 'png', width: QR, margin: 2, errorCorrectionLevel: 'M' });
    const coverFile = localMedia(ctx, entry.cover_url);
    const cover = coverFile ? await sharp(coverFile).resize(W, COVER_H, { fit: 'cover' }).toBuffer() : null;
    const title = wrapTitle(titleFor(entry, locale).title, 15.5, 2);
    const number = entry.entry_no === null ? '' : t(locale, 'poster.number', { no: String(entry.entry_no).padStart(3, '0') });
    const site = (await siteIdentity(ctx.db, locale)).siteName;
    const titleY = 712;
    const panelTop = 880;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#0b1f4d" stop-opacity="0"/><stop offset="1" stop-color="#0b1f4d" stop-opacity="1"/></linearGradient></defs>
  <rect y="0" width="${W}" height="${COVER_H}" fill="url(#fade)"/>
  <text x="40" y="${titleY - 62}" font-family="${FONT}" font-size="28" font-weight="700" fill="#ffb020">${escapeHtml(site)}</text>
  ${title.map((line, i) => `<text x="40" y="${titleY + i * 56}" font-family="${FONT}" font-size="46" font-weight="700" fill="#ffffff">${escapeHtml(line)}</text>`).join('')}
  <text x="40" y="${titleY + title.length * 56 + 4}" font-family="${FONT}" font-size="30" fill="#bbe1fa">${escapeHtml(number)} · ${escapeHtml(entry.team)}</text>
  <rect x="40" y="${panelTop}" width="${QR + 20}" height="${QR + 20}" rx="16" fill="#ffffff"/>
  <text x="${QR + 100}" y="${panelTop + 110}" font-family="${FONT}" font-size="46" font-weight="700" fill="#ffffff">${escapeHtml(t(locale, 'poster.scanAndVote'))}</text>
  <text x="${QR + 100}" y="${panelTop + 170}" font-family="${FONT}" font-size="28" fill="#bbe1fa">${escapeHtml(number)}</text>
  <text x="${QR + 100}" y="${panelTop + 220}" font-family="${FONT}" font-size="24" fill="#bbe1fa">${escapeHtml(t(locale, 'poster.hint'))}</text>
</svg>`;
    const layers: OverlayOptions[] = [];
    if (cover) layers.push({ input: cover, top: 0, left: 0 });
    layers.push({ input: Buffer.from(svg), top: 0, left: 0 }, { input: qr, top: panelTop + 10, left: 50 });
    return await sharp({ create: { width: W, height: H, channels: 4, background: '#0b1f4d' } })
      .composite(layers)
      .png({ compressionLevel: 8 })
      .toBuffer();
  } catch (cause) {
    throw new AppError(Code.SharePictureFailed, { cause });
  }
}

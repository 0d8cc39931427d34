import sharp, { type OverlayOptions } from 'sharp';
import { Code } from '../../../../common/errors';
import { escapeHtml } from '../../../../common/html-escape';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import { PAGE_ROUTES } from '../../../../common/routes';
import type { AppContext } from '../../context';
import { findApproved } from '../../db/repos/entries/repository';
import { AppError } from '../../errors';
import { titleFor } from '../entries/presenter';
import { FONT, localMedia, wrapTitle } from '../gallery/poster';
import { assertGalleryOpen } from '../gallery/voting-settings';
import { siteIdentity } from './identity';

/** The size link previews (WeChat, Weibo, Facebook, X) show large: 1.91:1. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const { width: W, height: H } = SHARE_IMAGE;
const NAVY = '#0b1f4d';
const AMBER = '#ffb020';
const PALE = '#bbe1fa';

/** The pages with a share image of their own: every page route that is not a record's detail. */
export const SHARE_IMAGE_PAGES = PAGE_ROUTES.filter((r) => !r.path.includes(':')).map((r) => r.path);

const lines = (texts: string[], x: number, y: number, step: number, size: number, fill: string, weight = 400) =>
  texts
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * step}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(line)}</text>`,
    )
    .join('');

/** A local picture cut to a box, or null when the URL is not one of ours or the file is gone. */
async function picture(ctx: AppContext, url: string | null | undefined, width: number, height: number): Promise<Buffer | null> {
  const file = localMedia(ctx, url ?? null);
  return file ? sharp(file).resize(width, height, { fit: 'cover' }).toBuffer() : null;
}

async function draw(background: string, layers: OverlayOptions[]): Promise<Buffer> {
  return sharp({ create: { width: W, height: H, channels: 4, background } })
    .composite(layers)
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/**
 * A page's link preview: the contest's colours and key visual (right half, when the organiser set one), its
 * name, the page's title and the organiser's line. Drawn with sharp like the poster (CJK needs a CJK font).
 */
export async function pageShareImage(ctx: AppContext, locale: Locale, page: string): Promise<Buffer> {
  const route = PAGE_ROUTES.find((r) => r.path === page && !r.path.includes(':'));
  if (!route) throw new AppError(Code.NotFound);
  const identity = await siteIdentity(ctx.db, locale);
  const accent = /^#[0-9a-f]{6}$/i.test(identity.primaryColor) ? identity.primaryColor : '#1d4ed8';
  try {
    const hero = await picture(ctx, identity.heroImageUrl, W / 2, H);
    // The home page shows the contest's own headline; every other page its name.
    const heading = route.path === 'home' ? identity.heroTitle || identity.siteName : t(locale, route.titleKey as 'route.home');
    const title = wrapTitle(heading, hero ? 9 : 16, 2);
    const site = wrapTitle(identity.siteName, hero ? 17 : 30, 2);
    const tagline = wrapTitle(identity.configured ? identity.footerText : t(locale, 'site.description'), hero ? 19 : 34, 2);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
  <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${NAVY}" stop-opacity="1"/><stop offset="0.35" stop-color="${NAVY}" stop-opacity="0"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${hero ? `<rect x="${W / 2}" width="${W / 2}" height="${H}" fill="url(#fade)"/>` : ''}
  <rect x="64" y="72" width="88" height="8" rx="4" fill="${AMBER}"/>
  ${lines(site, 64, 140, 44, 34, AMBER, 700)}
  ${lines(title, 64, 300, 84, 72, '#ffffff', 800)}
  ${lines(tagline, 64, 300 + title.length * 84 + 40, 38, 28, PALE)}
</svg>`;
    return await draw(NAVY, [{ input: Buffer.from(svg), top: 0, left: 0 }, ...(hero ? [{ input: hero, top: 0, left: W / 2 }] : [])]);
  } catch (cause) {
    throw new AppError(Code.SharePictureFailed, { cause });
  }
}

/** An entry's link preview: its cover on the left, the contest's name, the entry's number, title and team. */
export async function entryShareImage(ctx: AppContext, locale: Locale, id: number): Promise<Buffer> {
  const entry = await findApproved(ctx.db, id);
  if (entry) await assertGalleryOpen(ctx.db);
  if (!entry) throw new AppError(Code.EntryNotFound);
  const identity = await siteIdentity(ctx.db, locale);
  try {
    const cover = await picture(ctx, entry.cover_url, H, H);
    const x = cover ? H + 56 : 64;
    const wide = cover ? 8.5 : 16;
    const site = wrapTitle(identity.siteName, cover ? 16 : 30, 2);
    const title = wrapTitle(titleFor(entry, locale).title, wide, 3);
    const number = entry.entry_no === null ? '' : t(locale, 'poster.number', { no: String(entry.entry_no).padStart(3, '0') });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect x="${cover ? H : 0}" width="${W}" height="${H}" fill="${NAVY}"/>
  ${lines(site, x, 96, 36, 28, AMBER, 700)}
  ${number ? `<text x="${x}" y="220" font-family="${FONT}" font-size="40" font-weight="700" fill="${PALE}">${escapeHtml(number)}</text>` : ''}
  ${lines(title, x, 310, 70, 60, '#ffffff', 800)}
  ${lines(wrapTitle(entry.team, cover ? 15 : 30, 1), x, 310 + title.length * 70 + 30, 40, 30, PALE)}
</svg>`;
    return await draw(NAVY, [...(cover ? [{ input: cover, top: 0, left: 0 }] : []), { input: Buffer.from(svg), top: 0, left: 0 }]);
  } catch (cause) {
    throw new AppError(Code.SharePictureFailed, { cause });
  }
}

/** Where a page's and an entry's share images are served (the HTML head points link previews there). */
export const pageShareImageUrl = (page: string, locale: Locale) => `/api/site/share-image?page=${encodeURIComponent(page)}&locale=${locale}`;
export const entryShareImageUrl = (id: number, locale: Locale) => `/api/gallery/entries/${id}/share-image?locale=${locale}`;

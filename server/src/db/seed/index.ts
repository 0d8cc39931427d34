import path from 'node:path';
import { IDENTITY_SETTING, PHASES_SETTING, SEED_SETTING } from '../../../../common/settings-keys';
import type { AppContext } from '../../context';
import { nowIso } from '../database';
import { readSettings, writeSetting } from '../repos/settings';
import { seedDemoAdmin } from './demo-admin';
import { seedDemoEntries } from './demo-entries';
import { DEMO_EXHIBITIONS, DEMO_IDENTITY, DEMO_JURY, DEMO_NEWS, DEMO_PAGES, DEMO_SPONSORS, DEMO_TEMPLATES, NEWS_BODY_EXTRA } from './demo-texts';
import { demoImage } from './images';
import { writeSimplePdf } from './pdf';

const DAY = 86_400_000;
const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;

/** Draws the demo images and templates (skips files that exist, so a restart costs nothing). */
async function writeDemoFiles(mediaDir: string): Promise<void> {
  const seedDir = path.join(mediaDir, 'seed');
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < DEMO_NEWS.length; i++) jobs.push(demoImage.cover(seedDir, `news-${i + 1}.jpg`, i));
  for (let i = 0; i < DEMO_JURY.length; i++) jobs.push(demoImage.portrait(seedDir, `jury-${i + 1}.jpg`, i));
  for (let i = 0; i < DEMO_EXHIBITIONS.length; i++) jobs.push(demoImage.cover(seedDir, `exhibition-${i + 1}.jpg`, i + 4));
  for (let i = 0; i < DEMO_SPONSORS.length; i++) jobs.push(demoImage.logo(seedDir, `sponsor-${i + 1}.png`, i));
  jobs.push(demoImage.cover(seedDir, 'hero.jpg', 0, 1600, 900));
  jobs.push(demoImage.qr(seedDir, 'wechat-qr.png'));
  await Promise.all(jobs);
  for (const t of DEMO_TEMPLATES) writeSimplePdf(path.join(mediaDir, 'templates', t.fileName), t.lines);
}

/**
 * Seeds a convincing demo contest on first start: news, jury, exhibitions, sponsors, pages, templates and
 * phase dates around today. Runs once per database (a settings flag), in one transaction.
 */
export async function seedDemoContent(ctx: AppContext, now = new Date()): Promise<boolean> {
  await writeDemoFiles(path.join(ctx.config.dataDir, 'media'));
  const settings = await readSettings(ctx.db);
  if (settings[SEED_SETTING]) {
    // A demo database seeded before the identity existed gets the demo organiser's, so it looks as it did.
    if (!settings[IDENTITY_SETTING]) await writeSetting(ctx.db, IDENTITY_SETTING, { ...DEMO_IDENTITY, updatedAt: nowIso(now) });
    return false;
  }
  const at = (days: number) => nowIso(new Date(now.getTime() + days * DAY));
  const created = nowIso(now);

  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('news')
      .values(
        DEMO_NEWS.map(({ category, daysAgo, texts }, i) => ({
          category,
          cover_url: `/media/seed/news-${i + 1}.jpg`,
          published_at: at(-daysAgo),
          status: 'published',
          sort: 0,
          i18n: JSON.stringify(
            Object.fromEntries(
              LOCALES.map((l) => [l, { ...texts[l], body: [texts[l].summary, ...NEWS_BODY_EXTRA[category][l]].map((p) => `<p>${p}</p>`).join('') }]),
            ),
          ),
          created_at: created,
          updated_at: created,
        })),
      )
      .execute();
    await trx
      .insertInto('jury_members')
      .values(DEMO_JURY.map((m, i) => ({ photo_url: `/media/seed/jury-${i + 1}.jpg`, sort: i, i18n: JSON.stringify(m), created_at: created })))
      .execute();
    await trx
      .insertInto('exhibitions')
      .values(
        DEMO_EXHIBITIONS.map((e, i) => ({
          cover_url: `/media/seed/exhibition-${i + 1}.jpg`,
          media_url: null,
          published_at: at(-(i + 1) * 5),
          sort: i,
          i18n: JSON.stringify(e),
          created_at: created,
        })),
      )
      .execute();
    await trx
      .insertInto('sponsors')
      .values(
        DEMO_SPONSORS.map((s, i) => ({
          logo_url: `/media/seed/sponsor-${i + 1}.png`,
          link: s.link,
          tier: s.tier,
          sort: i,
          i18n: JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, { name: s.name[l] }]))),
        })),
      )
      .execute();
    await trx
      .insertInto('pages')
      .values(
        Object.entries(DEMO_PAGES).map(([slug, i18n]) => ({
          slug,
          i18n: JSON.stringify(i18n),
          extra: JSON.stringify(slug === 'aboutUs' ? { wechatQrUrl: '/media/seed/wechat-qr.png' } : {}),
          updated_at: created,
          published_at: created,
        })),
      )
      .execute();
    await trx
      .insertInto('templates')
      .values(
        DEMO_TEMPLATES.map((t, i) => ({
          slug: t.slug,
          file_url: `/media/templates/${t.fileName}`,
          file_name: t.fileName,
          sort: i,
          i18n: JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, { title: t.title[l] }]))),
        })),
      )
      .execute();
  });
  await writeSetting(ctx.db, PHASES_SETTING, {
    registration: { start: at(-30), end: at(30) },
    submission: { start: at(-20), end: at(40) },
    review: { start: at(40), end: at(55) },
    voting: { start: at(-10), end: at(60) },
    judging: { start: at(55), end: at(64) },
    awards: { start: at(65), end: at(66) },
  });
  // The demo company's name, hero and footer: an install without the demo shows neutral defaults instead.
  await writeSetting(ctx.db, IDENTITY_SETTING, { ...DEMO_IDENTITY, updatedAt: created });
  await seedDemoAdmin(ctx);
  await seedDemoEntries(ctx, now);
  await writeSetting(ctx.db, SEED_SETTING, { at: created });
  return true;
}

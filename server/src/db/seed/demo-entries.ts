import fs from 'node:fs';
import path from 'node:path';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { nowIso } from '../database';
import type { JobOutputs } from '../repos/media';
import { publishDemoFilm, transcodeDemoClips } from './demo-films';
import { DEMO_ENTRY_TEXTS, DEMO_SCAM_TIPS } from './demo-texts';
import { DEMO_CLIPS, writeDemoClips } from './demo-videos';
import { demoImage } from './images';

const HOUR = 3_600_000;
export const DEMO_ENTRANT_EMAIL = 'demo-entrant@example.invalid';
const MEDIA = '/media/demo-entries';

/**
 * Approved demo entries for the gallery (26, both groups), each with a cover (400x400), a video cover
 * (960x540), a team logo and a short film, plus the seeded scam-prevention tips. Images go to
 * DATA_DIR/media/demo-entries; the clips are the films' private originals (DATA_DIR/demo-films, never
 * served) and each entry's film is published by the media pipeline (demo-films.ts) with a finished job,
 * so it plays like a submitted one. Rows are written in one transaction. Called once, on the first start.
 */
export async function seedDemoEntries(ctx: AppContext, now: Date): Promise<void> {
  const dir = path.join(ctx.config.dataDir, 'media', 'demo-entries');
  const clipsDir = path.join(ctx.config.dataDir, 'demo-films');
  const images: Promise<void>[] = [];
  DEMO_ENTRY_TEXTS.forEach(({ title, group }, i) => {
    // A poster per entry: its own scene and palette, its title, its group in the title's language.
    // (The gallery card draws its own group badge over the square cover, so the label is on the still only.)
    const text = { title, label: t(entryLocale(title), `group.${group}`) };
    images.push(demoImage.cover(dir, `cover-${i + 1}.jpg`, i * 3 + 1, 400, 400, { title }));
    images.push(demoImage.cover(dir, `video-cover-${i + 1}.jpg`, i * 3 + 1, 960, 540, text));
    images.push(demoImage.logo(dir, `logo-${i + 1}.png`, i));
  });
  const [hasVideo] = await Promise.all([writeDemoClips(clipsDir), ...images]);
  const films = hasVideo ? await demoFilms(ctx, clipsDir) : new Map<number, DemoFilmJob>();
  const featured = films.get(0) ? featureFirstFilm(ctx, films.get(0) as DemoFilmJob) : null;
  const created = nowIso(now);

  await ctx.db.transaction().execute(async (trx) => {
    // The demo entrant cannot sign in: '!' is no valid argon2 hash.
    const user = await trx
      .insertInto('users')
      .values({ email: DEMO_ENTRANT_EMAIL, password_hash: '!', role: 'user', locale: 'zh-CN', verified_at: created, disabled_at: null, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('entries')
      .values(
        DEMO_ENTRY_TEXTS.map(({ group, title, team, slogan, description, teamDesc }, i) => {
          const at = nowIso(new Date(now.getTime() - (DEMO_ENTRY_TEXTS.length - i) * 5 * HOUR));
          return {
            user_id: user.id,
            submission_no: `DEMO-${String(i + 1).padStart(4, '0')}`,
            entry_no: i + 1,
            status: 'approved',
            group,
            title,
            description,
            team,
            team_desc: teamDesc,
            slogan,
            team_logo_url: `${MEDIA}/logo-${i + 1}.png`,
            cover_url: `${MEDIA}/cover-${i + 1}.jpg`,
            video_cover_url: `${MEDIA}/video-cover-${i + 1}.jpg`,
            empower_key: null,
            award: null,
            reject_reason: null,
            // Demo counts without vote rows: they make "most votes" meaningful on a fresh site.
            vote_count: (i * 37 + 11) % 180,
            locale: entryLocale(title),
            created_at: at,
            updated_at: at,
            approved_at: at,
          };
        }),
      )
      .execute();
    const ids = await trx.selectFrom('entries').select('id').where('user_id', '=', user.id).orderBy('entry_no').execute();
    const jobs = ids.flatMap(({ id }, i) => {
      const film = films.get(i);
      return film
        ? [
            {
              entry_id: id,
              source_path: film.source,
              status: 'done',
              attempts: 1,
              max_attempts: 1,
              next_run_at: created,
              progress: 100,
              ...film.outputs,
              created_at: created,
              updated_at: created,
              finished_at: created,
            },
          ]
        : [];
    });
    if (jobs.length) await trx.insertInto('media_jobs').values(jobs).execute();
    // The first exhibition is the past gold winner: it plays its film (a copy, so reviewing the entry leaves it be).
    if (featured) await trx.updateTable('exhibitions').set({ media_url: featured }).where('sort', '=', 0).execute();
    await trx
      .insertInto('scam_tips')
      .values(DEMO_SCAM_TIPS.map((tip, i) => ({ sort: i, i18n: JSON.stringify(tip), created_at: created })))
      .execute();
  });
}

/** The language a demo entry was submitted in: Chinese when its title is. */
function entryLocale(title: string): Locale {
  return /[\u4e00-\u9fff]/.test(title) ? 'zh-CN' : 'en-US';
}

type DemoFilmJob = { source: string; mp4: string; outputs: JobOutputs };

/** Copies a demo film's MP4 to /media/seed/exhibition-1.mp4 for the featured exhibition; its public address. */
function featureFirstFilm(ctx: AppContext, film: DemoFilmJob): string | null {
  try {
    const target = path.join(ctx.config.dataDir, 'media', 'seed', 'exhibition-1.mp4');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(film.mp4, target);
    return '/media/seed/exhibition-1.mp4';
  } catch (err) {
    console.warn(`[seed] featured exhibition film not copied (${(err as Error).message}): it shows its picture`);
    return null;
  }
}

/** Each demo entry's published film (by entry index); none when ffmpeg cannot transcode the clips. */
async function demoFilms(ctx: AppContext, clipsDir: string): Promise<Map<number, DemoFilmJob>> {
  const byEntry = new Map<number, DemoFilmJob>();
  try {
    const transcoded = await transcodeDemoClips(
      DEMO_CLIPS.map((c) => path.join(clipsDir, c.name)),
      ctx.config.media,
    );
    DEMO_ENTRY_TEXTS.forEach((_, i) => {
      const film = transcoded.get(DEMO_CLIPS[i % DEMO_CLIPS.length]?.name ?? '');
      if (film) byEntry.set(i, { source: film.source, mp4: path.join(film.folder, film.result.mp4), outputs: publishDemoFilm(ctx.config.dataDir, film) });
    });
  } catch (err) {
    console.warn(`[seed] demo films not transcoded (${(err as Error).message.split('\n')[0]}): demo entries show no film`);
  }
  return byEntry;
}

import path from 'node:path';
import type { AppContext } from '../../context';
import { nowIso } from '../database';
import { DEMO_ENTRY_TEXTS } from './demo-entry-texts';
import { DEMO_SCAM_TIPS } from './demo-scam-tips';
import { DEMO_CLIPS, writeDemoClips } from './demo-videos';
import { demoImage } from './images';

const HOUR = 3_600_000;
export const DEMO_ENTRANT_EMAIL = 'demo-entrant@example.invalid';
const MEDIA = '/media/demo-entries';

/**
 * Approved demo entries for the gallery (26, both groups), each with a cover (400x400), a video cover
 * (960x540), a team logo and a short playable clip, plus the seeded scam-prevention tips. Files go to
 * DATA_DIR/media/demo-entries; rows are written in one transaction. Called once, on the first start.
 */
export async function seedDemoEntries(ctx: AppContext, now: Date): Promise<void> {
  const dir = path.join(ctx.config.dataDir, 'media', 'demo-entries');
  const images: Promise<void>[] = [];
  DEMO_ENTRY_TEXTS.forEach((_, i) => {
    images.push(demoImage.cover(dir, `cover-${i + 1}.jpg`, i, 400, 400));
    images.push(demoImage.cover(dir, `video-cover-${i + 1}.jpg`, i, 960, 540));
    images.push(demoImage.logo(dir, `logo-${i + 1}.png`, i));
  });
  const [hasVideo] = await Promise.all([writeDemoClips(dir), ...images]);
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
        DEMO_ENTRY_TEXTS.map(([group, title, team, slogan, description, teamDesc], i) => {
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
            video_url: hasVideo ? `${MEDIA}/${DEMO_CLIPS[i % DEMO_CLIPS.length]?.name}` : null,
            empower_key: null,
            award: null,
            reject_reason: null,
            // Demo counts without vote rows: they make "most votes" meaningful on a fresh site.
            vote_count: (i * 37 + 11) % 180,
            locale: /[\u4e00-\u9fff]/.test(title) ? 'zh-CN' : 'en-US',
            created_at: at,
            updated_at: at,
            approved_at: at,
          };
        }),
      )
      .execute();
    await trx
      .insertInto('scam_tips')
      .values(DEMO_SCAM_TIPS.map((tip, i) => ({ sort: i, i18n: JSON.stringify(tip), created_at: created })))
      .execute();
  });
}

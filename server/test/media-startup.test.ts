import { describe, expect, it } from 'vitest';
import type { MediaSettings } from '../src/config';
import { findJobByEntry } from '../src/db/repos/media';
import { enqueueTranscode } from '../src/services/media/jobs';
import { corruptFilm, createTestUser, insertEntry, startTestApp } from './factories';

/**
 * The server at start, with its background work started as main.ts starts it: says once when ffmpeg is
 * missing; otherwise runs the in-process worker.
 */
const startServer = (media: Partial<MediaSettings>) => startTestApp('sqlite', { demoContent: false, media }, { logLevel: 'info' });

describe('media at server start', () => {
  it('says once that ffmpeg is missing and starts no worker', async () => {
    const s = await startServer({ worker: true, ffmpeg: '/nonexistent/ffmpeg' });
    try {
      const said = s.lines.filter((l) => /ffmpeg not found/.test(l.msg));
      expect(said).toHaveLength(1);
      expect(said[0]?.level).toBe(40); // warn
      expect(s.lines.some((l) => /media worker .* started/.test(l.msg))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('runs the in-process worker when ffmpeg is there', async () => {
    const s = await startServer({ worker: true, maxAttempts: 1, retryBaseMs: 0, pollMs: 50 });
    try {
      expect(s.lines.some((l) => /media worker .* started/.test(l.msg))).toBe(true);
      const user = await createTestUser(s.ctx);
      // Only whether the in-process worker takes a job: a bare entry row with a corrupt film is enough.
      const entryId = await insertEntry(s.ctx, user.id);
      await enqueueTranscode(s.ctx, entryId, corruptFilm(s.db.dataDir));
      let job = await findJobByEntry(s.ctx.db, entryId);
      while (job?.status !== 'failed' && job?.status !== 'done') {
        await new Promise((r) => setTimeout(r, 50));
        job = await findJobByEntry(s.ctx.db, entryId);
      }
      // The worker took it without being asked: one attempt, recorded failure.
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await s.close();
    }
  });
});

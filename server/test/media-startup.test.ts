import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { MediaSettings } from '../src/config';
import { findJobByEntry } from '../src/db/repos/media';
import { startBackground } from '../src/lifecycle';
import { enqueueTranscode } from '../src/services/media/jobs';
import { createTestDatabase } from './helpers/databases';
import { testContext } from './helpers/test-app';
import { createTestUser } from './helpers/users';
import { corruptFilm, insertEntry } from './media-helpers';

/** The server at start: says once when ffmpeg is missing; otherwise runs the in-process worker. */
async function startServer(media: Partial<MediaSettings>) {
  const db = await createTestDatabase('sqlite');
  const ctx = await testContext(db, { demoContent: false, media });
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = await buildApp(ctx, { logger: { level: 'info', stream } });
  await app.ready();
  // As main.ts does: the background work starts once the app is built.
  const background = await startBackground(ctx, app.log);
  return {
    ctx,
    db,
    lines,
    close: async () => {
      await app.close();
      await background.stop();
      await db.drop();
    },
  };
}

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

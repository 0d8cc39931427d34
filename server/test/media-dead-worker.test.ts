import { describe, expect, it } from 'vitest';
import { findJobByEntry } from '../src/db/repos/media';
import { workerProcess } from '../src/services/media/dead-workers';
import { DIALECTS, newEntrant, openSubmissions, submitEntry, useTestApp } from './factories';
import { exitCodeOf, killMidJob, spawnWorker, workerEnv } from './media-helpers';
import { api } from './submission-client';

/**
 * Fault drill: `npm run worker` killed with SIGKILL in the middle of an entry's transcode, under a 10-minute
 * lease. Another worker on the same host sees that the dead one's process is gone and takes the job up at
 * once, with the attempt counted, instead of after the lease; the entrant's film does not stay "running".
 */
const LEASE_MS = 600_000;

describe.each(DIALECTS)('a media worker that dies mid-transcode (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });

  it('has its job handed on long before its lease ends, and the entrant sees the film done', async () => {
    const entrant = await newEntrant(t, await openSubmissions(t));
    const { id: entryId } = await submitEntry(entrant);
    const env = workerEnv(t, { MEDIA_LEASE_MS: String(LEASE_MS), MEDIA_POLL_MS: '100' });

    const first = spawnWorker(env);
    await killMidJob(t.ctx, entryId, first);
    const killedAt = Date.now();
    const mid = await findJobByEntry(t.ctx.db, entryId);
    expect(mid).toMatchObject({ status: 'running', attempts: 1 });
    expect(workerProcess(mid?.locked_by ?? '')?.pid).toBe(first.pid);
    expect(Date.parse(mid?.locked_until ?? '') - killedAt).toBeGreaterThan(LEASE_MS / 2);

    const second = spawnWorker(env);
    try {
      // Until another worker holds it (or has finished it); under the old rule that took the whole lease.
      let job = mid;
      const takenUp = () => (job?.status === 'running' && job.locked_by !== mid?.locked_by) || job?.status === 'done' || job?.status === 'failed';
      while (!takenUp()) {
        await new Promise((r) => setTimeout(r, 50));
        job = await findJobByEntry(t.ctx.db, entryId);
      }
      const handedOnAfter = (Date.now() - killedAt) / 1000;
      console.log(`[dead worker drill ${dialect}] job handed on ${handedOnAfter.toFixed(1)} s after the kill (lease ${LEASE_MS / 1000} s)`);
      expect(job?.attempts, 'the dead worker’s attempt counts').toBe(2);

      while (job?.status !== 'done' && job?.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 100));
        job = await findJobByEntry(t.ctx.db, entryId);
      }
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
      const mine = await api(entrant, 'GET', `/api/entries/mine/${entryId}`);
      expect(mine.body.data.media).toMatchObject({ status: 'done' });
    } finally {
      const stopped = exitCodeOf(second);
      second.kill('SIGTERM');
      await stopped;
    }
  }, 240_000);
});

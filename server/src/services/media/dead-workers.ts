import fs from 'node:fs';
import os from 'node:os';
import type { AppContext, Log } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { releaseExhibitionJob, runningExhibitionLeases } from '../../db/repos/exhibition-jobs';
import { requeueDeadWorkerJob, runningJobLeases } from '../../db/repos/media';

/** The host and pid in a worker id (`host:pid:random`, worker.ts's newWorkerId). */
export function workerProcess(workerId: string): { host: string; pid: number } | undefined {
  const parts = workerId.split(':');
  const pid = Number(parts.at(-2));
  if (parts.length < 3 || !Number.isInteger(pid) || pid <= 0) return undefined;
  return { host: parts.slice(0, -2).join(':'), pid };
}

/** Whether a process of this host is gone: no such pid, or a zombie (killed, not yet reaped by its parent). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

type Lease = { id: number | string; worker: string | null; requeue: (now: string) => Promise<boolean> };

/** The two job tables: films (media_jobs) and exhibition-video conversions (their upload rows). */
const LEASES: Record<'film' | 'exhibitionVideo', (db: Db) => Promise<Lease[]>> = {
  film: async (db) =>
    (await runningJobLeases(db)).map((j) => ({ id: j.id, worker: j.locked_by, requeue: (now) => requeueDeadWorkerJob(db, j.id, j.locked_by as string, now) })),
  exhibitionVideo: async (db) =>
    (await runningExhibitionLeases(db)).map((j) => ({
      id: j.id,
      worker: j.locked_by,
      // Due at once (no lease left), the attempt kept.
      requeue: async () => {
        await releaseExhibitionJob(db, j.id, j.locked_by as string, null, false);
        return true;
      },
    })),
};

/**
 * Running jobs whose worker ran on this host and whose process is gone (killed, crashed, out of memory) go back
 * to the queue at once, instead of waiting out their lease (MEDIA_LEASE_MS); any worker of this host checks
 * before it claims, so the next poll takes the job up. A worker on another host is still known dead only by
 * its lease running out. A reused pid reads as alive: that job waits for its lease, as before.
 */
export async function handOnJobsOfDeadWorkers(ctx: AppContext, kind: keyof typeof LEASES, log?: Log): Promise<number> {
  const host = os.hostname();
  let handed = 0;
  for (const job of await LEASES[kind](ctx.db)) {
    const owner = job.worker ? workerProcess(job.worker) : undefined;
    if (!owner || owner.host !== host || owner.pid === process.pid || !processGone(owner.pid)) continue;
    if (await job.requeue(nowIso())) {
      handed++;
      log?.info(`${kind} job ${job.id}: its worker ${job.worker} is gone; queued again`);
    }
  }
  return handed;
}

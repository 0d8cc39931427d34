import fs from 'node:fs';
import os from 'node:os';
import type { AppContext, Log } from '../../context';
import { nowIso } from '../../db/database';
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

/**
 * Running jobs whose worker ran on this host and whose process is gone (killed, crashed, out of memory) go back
 * to the queue at once, instead of waiting out their lease (MEDIA_LEASE_MS); any worker of this host checks
 * before it claims, so the next poll takes the job up. A worker on another host is still known dead only by
 * its lease running out. A reused pid reads as alive: that job waits for its lease, as before.
 */
export async function handOnJobsOfDeadWorkers(ctx: AppContext, log?: Log): Promise<number> {
  const host = os.hostname();
  let handed = 0;
  for (const job of await runningJobLeases(ctx.db)) {
    const owner = job.locked_by ? workerProcess(job.locked_by) : undefined;
    if (!owner || owner.host !== host || owner.pid === process.pid || !processGone(owner.pid)) continue;
    if (await requeueDeadWorkerJob(ctx.db, job.id, job.locked_by as string, nowIso())) {
      handed++;
      log?.info(`media job ${job.id}: its worker ${job.locked_by} is gone; queued again`);
    }
  }
  return handed;
}

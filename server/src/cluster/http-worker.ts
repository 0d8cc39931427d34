import { onJobQueued } from '../services/media/wake';
import type { WorkerMessage } from './messages';

/**
 * In an HTTP worker of the cluster: a job queued by a request (a finished upload, an exhibition video, results
 * published and their mails to send) is passed to the primary, whose background workers (lifecycle.ts) then
 * start it at once instead of at their next poll.
 */
export function forwardJobWakeups(): void {
  const message: WorkerMessage = { mfc: 'job-queued' };
  onJobQueued(() => process.send?.(message));
}

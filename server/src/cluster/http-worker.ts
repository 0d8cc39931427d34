import { onJobQueued } from '../services/media/wake';
import type { WorkerMessage } from './messages';

/**
 * In an HTTP worker of the cluster: a job queued by a request (a finished upload, an exhibition video) is
 * passed to the primary, whose media worker then starts it at once instead of at its next poll.
 */
export function forwardJobWakeups(): void {
  const message: WorkerMessage = { mfc: 'job-queued' };
  onJobQueued(() => process.send?.(message));
}

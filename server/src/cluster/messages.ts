/** What an HTTP worker tells its primary over the cluster's IPC channel. */
export type WorkerMessage = { mfc: 'job-queued' };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return typeof value === 'object' && value !== null && (value as { mfc?: unknown }).mfc === 'job-queued';
}

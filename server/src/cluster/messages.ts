/** What an HTTP worker tells its primary over the cluster's IPC channel: a job was queued; it is ready for connections. */
export type WorkerMessage = { mfc: 'job-queued' } | { mfc: 'ready' } | { mfc: 'took'; id: number };

/** What the primary sends an HTTP worker: a connection it accepted, passed along with the message as its handle. */
export type PrimaryMessage = { mfc: 'connection'; id: number };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const mfc = typeof value === 'object' && value !== null ? (value as { mfc?: unknown }).mfc : undefined;
  return mfc === 'job-queued' || mfc === 'ready' || mfc === 'took';
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  return typeof value === 'object' && value !== null && (value as { mfc?: unknown }).mfc === 'connection';
}

/** The wake-up shared by every job loop (job-loop.ts): lets an in-process worker start a freshly queued job at once instead of at its next poll. */
const listeners = new Set<() => void>();

export function onJobQueued(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function jobQueued(): void {
  for (const fn of listeners) fn();
}

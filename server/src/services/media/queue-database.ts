import type { JobQueue, Worker } from '../../context';
import { jobQueued } from '../jobs/wake';
import { startWorker } from './worker';

/** The embedded queue: the job table itself, leased by polling workers; an in-process worker is woken at once. */
export function databaseQueue(): JobQueue {
  const workers = new Set<Worker>();
  return {
    kind: 'database',
    enqueue: async () => jobQueued(),
    startWorker(ctx, settings, log) {
      const worker = startWorker(ctx, settings, log);
      workers.add(worker);
      return {
        id: worker.id,
        stop: async () => {
          workers.delete(worker);
          await worker.stop();
        },
      };
    },
    close: async () => {
      await Promise.all([...workers].map((w) => w.stop()));
      workers.clear();
    },
  };
}

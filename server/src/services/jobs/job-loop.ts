import type { MediaSettings } from '../../config';
import type { Log, Worker } from '../../context';
import { classifyFailure } from '../../db/failures';
import { onJobQueued } from './wake';

/**
 * A worker that runs `runOnce` until stopped: again at once after it ran a job, otherwise after `pollMs` or
 * as soon as a job is queued in this process. `runOnce` gets the stop signal (its job is handed back) and
 * says whether it found a job. Every background worker runs on it: the film worker (database queue), the exhibition-video worker, the results mailer and the notice mailer.
 */
export function startJobLoop(
  id: string,
  label: string,
  settings: Pick<MediaSettings, 'pollMs'>,
  log: Log,
  runOnce: (stop: AbortSignal) => Promise<boolean>,
): Worker {
  const stop = new AbortController();
  let wake: (() => void) | undefined;
  const unsubscribe = onJobQueued(() => wake?.());
  stop.signal.addEventListener('abort', () => wake?.(), { once: true });
  const loop = (async () => {
    while (!stop.signal.aborted) {
      const ran = await runOnce(stop.signal).catch((err) => {
        // An unreachable database is logged once by db/outage.ts; a stack every poll would bury it.
        if (classifyFailure(err)?.kind !== 'unavailable') log.error(err, `${label}: job loop failed`);
        return false;
      });
      if (ran || stop.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, settings.pollMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = undefined;
    }
  })();
  return {
    id,
    stop: async () => {
      stop.abort();
      unsubscribe();
      await loop;
    },
  };
}

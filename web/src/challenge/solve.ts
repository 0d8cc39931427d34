import { type ChallengePurpose, encodeSolution, type PowChallenge } from '../../../common/challenge';
import { request } from '../api/request';

/**
 * Solves the server's proof-of-work challenge in Web Workers (one slice of the range each, up to four, so
 * a phone's cores share it) and returns what a vote or form sends: the base64 ALTCHA payload. The page keeps
 * running meanwhile; at the base difficulty a phone needs well under a second.
 */
const MAX_WORKERS = 4;

export function solvePow(c: PowChallenge): Promise<string> {
  const count = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
  const slice = Math.ceil((c.maxnumber + 1) / count);
  const workers = Array.from({ length: count }, () => new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' }));
  const stop = () => {
    for (const w of workers) w.terminate();
  };
  const started = performance.now();
  return new Promise<string>((resolve, reject) => {
    let misses = 0;
    workers.forEach((worker, i) => {
      worker.onmessage = (event: MessageEvent<number | null>) => {
        if (event.data === null) {
          if (++misses === count) {
            stop();
            reject(new Error('no solution'));
          }
          return;
        }
        stop();
        const took = Math.round(performance.now() - started);
        resolve(encodeSolution({ algorithm: c.algorithm, challenge: c.challenge, number: event.data, salt: c.salt, signature: c.signature, took }));
      };
      worker.onerror = (event) => {
        stop();
        reject(event);
      };
      worker.postMessage({ challenge: c.challenge, salt: c.salt, algorithm: c.algorithm, start: i * slice, max: Math.min(c.maxnumber, (i + 1) * slice - 1) });
    });
  });
}

/** A fresh challenge for a purpose, solved. */
export async function solvedChallenge(purpose: ChallengePurpose): Promise<string> {
  const challenge = await request<PowChallenge>(`/api/challenge?purpose=${purpose}`, { level: 'silent' });
  return solvePow(challenge);
}

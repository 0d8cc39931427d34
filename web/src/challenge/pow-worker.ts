import { solveChallenge } from 'altcha-lib/v1';

/**
 * One slice of a proof-of-work search, off the main thread: tries numbers from `start` to `max` (altcha-lib's
 * solver, WebCrypto SHA-256) and answers with the number found, or null when it is not in this slice.
 */
type Work = { challenge: string; salt: string; algorithm: string; start: number; max: number };

self.addEventListener('message', async (event: MessageEvent<Work>) => {
  const w = event.data;
  const solution = await solveChallenge(w.challenge, w.salt, w.algorithm, w.max, w.start).promise;
  self.postMessage(solution ? solution.number : null);
});

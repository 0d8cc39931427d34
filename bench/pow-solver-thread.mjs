import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * One thread of the scripted voter's solver (bench/vote-attack.ts; plain JavaScript, since a worker thread
 * does not inherit tsx): tries every `step`-th number from `start` with native SHA-256 (the salt's hash state
 * copied per try) and reports the number, or null when it is not in this thread's share.
 */
const { challenge, start, step } = workerData;
const prefix = createHash('sha256').update(challenge.salt);
let found = null;
for (let n = start; n <= challenge.maxnumber; n += step) {
  if (prefix.copy().update(String(n)).digest('hex') === challenge.challenge) {
    found = n;
    break;
  }
}
parentPort.postMessage(found);

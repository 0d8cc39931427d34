import { createHash } from 'node:crypto';
import { encodeSolution, type PowChallenge } from '../../../common/challenge';

/**
 * Solves a proof-of-work challenge the way a script would: synchronous SHA-256 in a loop, from 0 up, with
 * the salt's hash state computed once and copied per try (several times faster than altcha-lib's solver,
 * which awaits WebCrypto per hash). Returns what a browser sends: the base64 ALTCHA payload, and the tries.
 */
export function solvePow(c: PowChallenge, start = 0, step = 1): { altcha: string; tries: number } {
  const prefix = createHash('sha256').update(c.salt);
  for (let n = start; n <= c.maxnumber; n += step) {
    if (prefix.copy().update(String(n)).digest('hex') === c.challenge) {
      const altcha = encodeSolution({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature });
      return { altcha, tries: (n - start) / step + 1 };
    }
  }
  throw new Error('challenge without a solution');
}

/** A payload whose number is wrong (one more than the answer): the signature holds, the work does not. */
export function wrongSolution(c: PowChallenge): string {
  const right = JSON.parse(atob(solvePow(c).altcha)) as { number: number };
  return encodeSolution({ algorithm: c.algorithm, challenge: c.challenge, number: right.number + 1, salt: c.salt, signature: c.signature });
}

import { describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { secretNumber } from '../src/services/gallery/challenge';
import { MAX_DIFFICULTY } from '../src/services/gallery/vote-difficulty';
import { DIALECTS, solvePow, useTestApp } from './factories';

/**
 * The step-up difficulty must cost what it says past 2^32. The secret number of a challenge was drawn by
 * altcha-lib from one 32-bit random value scaled to the range, so a 2^40 challenge's answer was always
 * 1 + a multiple of 256: a solver stepping by 256 paid 2^32 hashes at most. Drawn over the whole range,
 * answers land above 2^32 and on every residue.
 */
describe('secret numbers over the whole difficulty range', () => {
  it('2^40 draws reach above 2^32 and are not spaced 256 apart; 2^45 draws stay within range', () => {
    const draws = Array.from({ length: 4000 }, () => secretNumber(2 ** 40));
    const max = Math.max(...draws);
    const offGrid = draws.filter((n) => (n - 1) % 256 !== 0).length;
    console.info(`2^40 challenges: max answer ${max} (2^${Math.log2(max).toFixed(2)}), ${offGrid}/4000 off the 256-step grid`);
    expect(max).toBeGreaterThan(2 ** 32);
    expect(offGrid).toBeGreaterThan(3000);
    expect(draws.every((n) => n >= 1 && n <= 2 ** 40 && Number.isSafeInteger(n))).toBe(true);
    const top = Array.from({ length: 200 }, () => secretNumber(MAX_DIFFICULTY));
    expect(top.every((n) => n >= 1 && n <= MAX_DIFFICULTY)).toBe(true);
    expect(Math.max(...top)).toBeGreaterThan(2 ** 40);
  });
});

describe.each(DIALECTS)('challenges drawn over the whole range on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });
  it('a challenge from GET /api/challenge is still solved by searching 0..maxnumber', async () => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=contact', remoteAddress: '198.51.100.7' })).json().data as PowChallenge;
    const { tries } = solvePow(c);
    expect(tries).toBeGreaterThan(0);
    expect(tries).toBeLessThanOrEqual(c.maxnumber + 1);
  });
});

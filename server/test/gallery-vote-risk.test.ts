import { describe, expect, it } from 'vitest';
import { SUSPICIOUS_RISK, type VoteSignals } from '../../common/vote-review';
import { riskScore, uaFamily } from '../src/services/gallery/vote-risk';

/** A person: a browser, the entry's page opened first, a challenge solved in the background seconds before. */
const person: VoteSignals = { addressHour: 0, subnetHour: 0, solveMs: 8_000, uaFamily: 'chrome', viewedFirst: true, entryMinute: 0 };

describe('vote risk score', () => {
  it('gives a person nothing and no single odd trait the suspicious mark', () => {
    expect(riskScore(person)).toBe(0);
    const oneTrait: Partial<VoteSignals>[] = [
      { addressHour: 25 },
      { subnetHour: 60 },
      { solveMs: 100 },
      { uaFamily: 'script' },
      { uaFamily: 'none' },
      { uaFamily: 'headless' },
      { viewedFirst: false },
      { entryMinute: 30 },
    ];
    const scores = oneTrait.map((t) => riskScore({ ...person, ...t }));
    expect(scores.every((s) => s > 0 && s < SUSPICIOUS_RISK)).toBe(true);
  });

  it('adds the rules up by step and caps at 100', () => {
    expect(riskScore({ ...person, addressHour: 4 })).toBe(0);
    expect(riskScore({ ...person, addressHour: 5 })).toBe(20);
    expect(riskScore({ ...person, addressHour: 20 })).toBe(35);
    expect(riskScore({ ...person, subnetHour: 10 })).toBe(10);
    expect(riskScore({ ...person, entryMinute: 4 })).toBe(10);
    expect(riskScore({ ...person, entryMinute: 10 })).toBe(20);
    expect(riskScore({ ...person, solveMs: null })).toBe(0);
    expect(riskScore({ ...person, solveMs: 1_499 })).toBe(15);
    // A scripted burst: every rule at its top step.
    const script: VoteSignals = { addressHour: 40, subnetHour: 80, solveMs: 20, uaFamily: 'script', viewedFirst: false, entryMinute: 30 };
    expect(riskScore(script)).toBe(100);
    expect(riskScore({ ...script, entryMinute: 0, uaFamily: 'chrome' })).toBe(35 + 25 + 15 + 10);
  });

  it('names user-agent families, scripts and headless browsers for what they are', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'none'],
      ['  ', 'none'],
      ['curl/8.5.0', 'script'],
      ['python-requests/2.31', 'script'],
      ['node', 'script'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'headless'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'chrome'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0', 'edge'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'firefox'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'safari'],
      ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 MicroMessenger/8.0.47', 'wechat'],
      ['SomethingElse/1.0', 'other'],
    ];
    for (const [ua, family] of cases) expect([ua, uaFamily(ua)]).toEqual([ua, family]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { contestDay, contestDayStart } from '../src/services/contest/contest-day';

describe('contest days in the contest time zone', () => {
  it('turn over at local midnight', () => {
    const beforeMidnight = new Date('2026-11-22T15:59:59Z'); // 23:59:59 in Shanghai
    const afterMidnight = new Date('2026-11-22T16:00:00Z'); // 00:00:00 the next day
    expect(contestDay('Asia/Shanghai', beforeMidnight)).toBe('2026-11-22');
    expect(contestDay('Asia/Shanghai', afterMidnight)).toBe('2026-11-23');
    expect(contestDay('UTC', afterMidnight)).toBe('2026-11-22');
    expect(contestDayStart('Asia/Shanghai', afterMidnight)).toBe('2026-11-22T16:00:00.000Z');
    expect(contestDayStart('Asia/Taipei', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22T16:00:00.000Z');
    expect(contestDayStart('UTC', afterMidnight)).toBe('2026-11-22T00:00:00.000Z');
  });

  it('follow daylight saving time where the zone has it', () => {
    // New York: UTC-4 in July, UTC-5 in December.
    expect(contestDayStart('America/New_York', new Date('2026-07-10T12:00:00Z'))).toBe('2026-07-10T04:00:00.000Z');
    expect(contestDayStart('America/New_York', new Date('2026-12-10T12:00:00Z'))).toBe('2026-12-10T05:00:00.000Z');
    expect(contestDay('America/New_York', new Date('2026-12-10T03:00:00Z'))).toBe('2026-12-09');
  });

  it('an unknown zone name stops the server at start with a clear message', () => {
    expect(() => loadConfig({ CONTEST_TIMEZONE: 'Mars/Olympus' })).toThrow(/CONTEST_TIMEZONE "Mars\/Olympus"/);
    expect(loadConfig({}).contestTimezone).toBe('Asia/Shanghai');
  });
});

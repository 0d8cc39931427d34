import { describe, expect, it } from 'vitest';
import { instantOf, utcOffsetLabel, wallClockOf, zoneLabel } from './contest-time';

/** The contest's wall clock and instants, both ways, whatever zone this process runs in. */
describe('contest time', () => {
  it('turns a wall-clock time in the zone into its instant and back', () => {
    expect(instantOf('2026-06-30T23:59', 'Asia/Shanghai')).toBe('2026-06-30T15:59:00.000Z');
    expect(wallClockOf('2026-06-30T15:59:00.000Z', 'Asia/Shanghai')).toBe('2026-06-30T23:59');
    expect(instantOf('2026-06-30T23:59', 'UTC')).toBe('2026-06-30T23:59:00.000Z');
  });

  it('uses the offset in force on that date, on either side of a daylight-saving change', () => {
    expect(instantOf('2026-01-15T12:00', 'America/New_York')).toBe('2026-01-15T17:00:00.000Z');
    expect(instantOf('2026-07-15T12:00', 'America/New_York')).toBe('2026-07-15T16:00:00.000Z');
    for (const wall of ['2026-03-08T01:30', '2026-03-08T03:30', '2026-11-01T00:30', '2026-11-01T02:30']) {
      expect(wallClockOf(instantOf(wall, 'America/New_York'), 'America/New_York')).toBe(wall);
    }
  });

  it('labels the zone with its offset', () => {
    expect(zoneLabel('Asia/Shanghai')).toBe('Asia/Shanghai (UTC+8)');
    expect(utcOffsetLabel(330)).toBe('UTC+5:30');
    expect(utcOffsetLabel(-180)).toBe('UTC-3');
    expect(utcOffsetLabel(0)).toBe('UTC+0');
  });
});

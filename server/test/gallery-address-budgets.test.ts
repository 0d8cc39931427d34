import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { POW_BASE_SETTING, POW_STEP_UP_SETTING, RATE_SETTING, STEP_UP_SETTING, SUBNET_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { DIALECTS, solvePow, useTestApp } from './factories';

/**
 * One visitor, one budget, whatever the socket calls them. With HOST=:: an IPv4 visitor arrives as
 * ::ffff:a.b.c.d, and the loopback as ::1 or ::ffff:127.0.0.1: each spelling had its own budget. An IPv6
 * host owns a /64 and can take a fresh address from it for every vote: the per-address budget counts the
 * /64 (the /48 stays the subnet). Observed as the vote challenge's difficulty after two counted votes
 * (threshold 2) and as the vote rate limit (2 a minute).
 */
const BASE = 1000;
const STEP_UP = 40_000;

describe.each(DIALECTS)('address budgets on %s', (dialect) => {
  const t = useTestApp(dialect);
  const setting = async (key: string, value: unknown) => {
    await writeSetting(t.ctx.db, key, value);
    forgetVotingSettings(t.ctx.db);
  };
  const difficulty = async (ip: string) =>
    ((await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge).maxnumber;
  const vote = async (entryId: number, ip: string) => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
    const res = await t.app.inject({ method: 'POST', url: `/api/gallery/entries/${entryId}/vote`, remoteAddress: ip, payload: { altcha: solvePow(c).altcha } });
    return res.json().code as number;
  };

  beforeAll(async () => {
    await setting(POW_BASE_SETTING, BASE);
    await setting(POW_STEP_UP_SETTING, STEP_UP);
    await setting(STEP_UP_SETTING, 2);
    await setting(SUBNET_SETTING, 0);
  });

  it('an IPv4 visitor seen as ::ffff:a.b.c.d is the same address: one budget, stored as IPv4', async () => {
    expect(await vote(3, '::ffff:198.51.100.5')).toBe(0);
    expect(await vote(4, '198.51.100.5')).toBe(0);
    expect(await difficulty('198.51.100.5')).toBe(STEP_UP);
    expect(await difficulty('::ffff:198.51.100.5')).toBe(STEP_UP);
    const ips = await t.ctx.db.selectFrom('vote_audit').select('ip').where('outcome', '=', 'counted').where('ip', 'like', '%198.51.100.5').execute();
    expect(ips.map((r) => r.ip)).toEqual(['198.51.100.5', '198.51.100.5']);
  });

  it('the IPv6 loopback and the IPv4 one each count as one address however they are written', async () => {
    expect(await vote(5, '::ffff:127.0.0.1')).toBe(0);
    expect(await vote(6, '127.0.0.1')).toBe(0);
    expect(await difficulty('127.0.0.1')).toBe(STEP_UP);
    expect(await vote(5, '0:0:0:0:0:0:0:1')).toBe(0);
    expect(await vote(6, '::1')).toBe(0);
    expect(await difficulty('::1')).toBe(STEP_UP);
  });

  it('fresh IPv6 addresses from one /64 share its budget; the next /64 of the same /48 has its own', async () => {
    expect(await vote(7, '2001:db8:1:2::a')).toBe(0);
    expect(await vote(8, '2001:db8:1:2:ffff::b')).toBe(0);
    expect(await difficulty('2001:db8:1:2::c')).toBe(STEP_UP);
    expect(await difficulty('2001:db8:1:3::1')).toBe(BASE);
  });

  it('the vote rate limit counts ::ffff:a.b.c.d and a.b.c.d together', async () => {
    await setting(RATE_SETTING, 2);
    const post = (ip: string) => t.app.inject({ method: 'POST', url: '/api/gallery/entries/9/vote', remoteAddress: ip, payload: {} });
    const statuses = [(await post('192.0.2.44')).statusCode, (await post('::ffff:192.0.2.44')).statusCode, (await post('192.0.2.44')).statusCode];
    expect(statuses.map((s) => s === 429)).toEqual([false, false, true]);
    await setting(RATE_SETTING, 1200);
  });
});

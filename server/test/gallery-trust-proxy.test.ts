import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_SETTING } from '../../common/settings-keys';
import { loadConfig } from '../src/config';
import { writeSetting } from '../src/db/repos/settings';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { DIALECTS, startTestApp, type TestApp } from './factories';

/**
 * TRUST_PROXY, the way a deployment sets it: a hop count or the proxies' addresses. Two visitors reach the
 * site through one nginx (10.0.0.2), which appends the peer it saw to whatever X-Forwarded-For the visitor
 * sent; the per-address vote budget (`voting.ratePerMinute`, here 2) must be each visitor's own, however the
 * visitor forges the left of the chain. `true` (which believed the left-most, visitor-written entry) and "1"
 * (which Fastify read as the address 0.0.0.1, so every visitor was the proxy) were the two holes.
 */
describe('TRUST_PROXY setting', () => {
  it('takes a hop count or addresses and CIDRs; refuses true with what to set instead, and nonsense', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,2001:db8::/48 ,loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '2001:db8::/48',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.2,nginx' })).toThrow(/nginx/);
  });
});

const PROXY = '10.0.0.2';
const ALICE = '198.51.100.10';
const BOB = '203.0.113.20';

describe.each(DIALECTS)('two visitors behind one proxy on %s', (dialect) => {
  for (const [label, trustProxy] of [
    ['hop count 1', 1],
    ['proxy list', [PROXY, '10.9.0.0/16']],
  ] as const) {
    describe(label, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await startTestApp(dialect, { demoContent: false, trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] });
        await writeSetting(t.ctx.db, RATE_SETTING, 2);
        forgetVotingSettings(t.ctx.db);
      }, 120_000);
      afterAll(async () => {
        await t?.close();
      });
      /** A vote request as the proxy forwards it: the visitor's own header (if any), then the peer nginx saw. */
      const viaProxy = (visitor: string, forged?: string, remote = PROXY) =>
        t.app.inject({
          method: 'POST',
          url: '/api/gallery/entries/1/vote',
          remoteAddress: remote,
          headers: { 'x-forwarded-for': forged ? `${forged}, ${visitor}` : visitor },
          payload: {},
        });

      it('each visitor has their own budget; forging the left of the chain changes nothing', async () => {
        const alice = [await viaProxy(ALICE, '192.0.2.1'), await viaProxy(ALICE, '192.0.2.2'), await viaProxy(ALICE, '192.0.2.3')];
        expect(alice.map((r) => r.statusCode === 429)).toEqual([false, false, true]);
        const bob = await viaProxy(BOB);
        expect(bob.statusCode).not.toBe(429);
      });

      it('a visitor reaching the server directly is not believed when it sends X-Forwarded-For', async () => {
        if (typeof trustProxy === 'number') return; // a hop count cannot tell a proxy from a visitor: that is what the list is for
        const direct = async (forged: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/gallery/entries/1/vote',
            remoteAddress: '192.0.2.77',
            headers: { 'x-forwarded-for': forged },
            payload: {},
          });
        const codes = [await direct('192.0.2.101'), await direct('192.0.2.102'), await direct('192.0.2.103')].map((r) => r.statusCode === 429);
        expect(codes).toEqual([false, false, true]);
      });
    });
  }
});

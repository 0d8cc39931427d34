import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { wechatSignIn } from '../src/services/gallery/voter-wechat';
import { DIALECTS, useTestApp } from './factories';
import { useWechatServer } from './helpers/use-wechat-server';
import { type VoteCheck, voteCheck } from './helpers/vote-check';
import type { WechatPerson } from './helpers/wechat-server';

/**
 * WeChat voters, on each database, from an empty install: the organiser enters the official account's and the
 * website app's ids and secrets in the console (wechat mode is refused without them), a visitor's Vote goes to
 * WeChat's authorisation (silent inside WeChat, the QR sign-in elsewhere) and back, and the vote counts once per
 * WeChat user under every rule. WeChat itself is a local server speaking its authorisation and code-exchange
 * HTTP (helpers/wechat-server.ts); everything of ours runs for real.
 */
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const MP = { appId: 'wxmp00000000a1b2', secret: 'mp-secret-0123456789abcdef' };
const WEB = { appId: 'wxweb0000000c3d4', secret: 'web-secret-0123456789abcdef' };

/** One browser: its cookies, kept as a browser keeps them. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly ua: string) {}
  keep(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    return res;
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe.each(DIALECTS)('WeChat voters on %s', (dialect) => {
  const wx = useWechatServer([MP, WEB]);
  // WeChat's endpoints are the local server's (WECHAT_OPEN_BASE / WECHAT_API_BASE in production).
  const t = useTestApp(
    dialect,
    { demoContent: false },
    {
      timeout: 180_000,
      adjust: (ctx) => {
        ctx.config.wechat = { ...ctx.config.wechat, openBase: wx.url, apiBase: wx.url };
      },
    },
  );
  let vc: VoteCheck;
  const entries: number[] = [];
  let ipNo = 0;
  const nextIp = () => `198.51.100.${++ipNo}`;

  const settings = async (patch: object) => {
    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    return vc.admin('PUT', '/api/admin/settings', { ...current, organiserEmail: 'organiser@contest.test', ...patch });
  };
  const get = async (b: Browser, url: string, ip: string) =>
    b.keep(await t.app.inject({ url, remoteAddress: ip, headers: { 'user-agent': b.ua, 'x-locale': 'en-US', cookie: b.header } }));
  const authorize = (b: Browser, entryId: number, ip: string) =>
    get(b, `/api/gallery/wechat/authorize?entryId=${entryId}&returnTo=/en-US/gallery/${entryId}`, ip);
  /** WeChat's page, followed as a browser does: the redirect back to our callback (as a path on this site). */
  const atWechat = async (location: string) => {
    const res = await fetch(location, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') as string);
    return `${back.pathname}${back.search}`;
  };
  /** The whole sign-in: the Vote button's link, WeChat, the callback; returns where the callback sent the browser. */
  const signIn = async (b: Browser, person: WechatPerson, entryId: number, ip: string) => {
    wx.signInAs(person);
    const start = await authorize(b, entryId, ip);
    expect(start.statusCode, start.body).toBe(302);
    const done = await get(b, await atWechat(start.headers.location as string), ip);
    expect(done.statusCode).toBe(302);
    return done.headers.location as string;
  };
  const vote = async (b: Browser, entryId: number, ip: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entryId}/vote`,
        remoteAddress: ip,
        headers: { 'user-agent': b.ua, 'x-locale': 'en-US', cookie: b.header },
        payload: {},
      })
    ).json() as { code: number; msg: string };
  const count = async (id: number) => (await t.ctx.db.selectFrom('entries').select('vote_count').where('id', '=', id).executeTakeFirstOrThrow()).vote_count;

  beforeAll(async () => {
    vc = await voteCheck(t);
    for (let i = 0; i < 3; i++) entries.push(await vc.submitApproved());
    await vc.openVoting();
  }, 180_000);

  it('wechat mode is refused (2070) while no app id and secret are set, and the sign-in link is refused outside it (2077)', async () => {
    const res = await settings({ voterMode: 'wechat' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2070);
    expect(JSON.stringify(res.json())).toContain('voterMode');
    // An id without its secret is not an app either.
    expect((await settings({ voterMode: 'wechat', wechatMpAppId: MP.appId })).json().code).toBe(2070);
    expect((await vc.admin('GET', '/api/admin/settings')).json().data).toMatchObject({ voterMode: 'anonymous', wechatMpAppId: '' });
    const link = await authorize(new Browser(DESKTOP_UA), entries[0] as number, nextIp());
    expect(link.json().code).toBe(2077);
  });

  it('the organiser sets both apps; the secrets are write-only (never sent back, kept when left empty)', async () => {
    const res = await settings({
      voterMode: 'wechat',
      wechatMpAppId: MP.appId,
      wechatMpSecret: MP.secret,
      wechatWebAppId: WEB.appId,
      wechatWebSecret: WEB.secret,
    });
    expect(res.json().code, res.body).toBe(0);
    const read = await vc.admin('GET', '/api/admin/settings');
    expect(read.body).not.toContain(MP.secret);
    expect(read.body).not.toContain(WEB.secret);
    expect(read.json().data).toMatchObject({
      voterMode: 'wechat',
      wechatMpAppId: MP.appId,
      wechatMpSecret: '',
      wechatWebSecret: '',
      wechatSecretTails: { mp: MP.secret.slice(-4), web: WEB.secret.slice(-4) },
    });
    // Saving the form again (secrets empty) keeps them.
    expect((await settings({})).json().code).toBe(0);
    expect((await vc.admin('GET', '/api/admin/settings')).json().data.wechatSecretTails).toEqual({ mp: MP.secret.slice(-4), web: WEB.secret.slice(-4) });
  });

  it("inside WeChat the link is the official account's silent snsapi_base; elsewhere the website app's QR sign-in", async () => {
    const inside = await authorize(new Browser(WECHAT_UA), entries[0] as number, nextIp());
    const a = new URL(inside.headers.location as string);
    expect(`${a.origin}${a.pathname}`).toBe(`${wx.url}/connect/oauth2/authorize`);
    expect(a.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(a.searchParams)).toMatchObject({ appid: MP.appId, response_type: 'code', scope: 'snsapi_base' });
    expect(a.searchParams.get('redirect_uri')).toMatch(/^http:\/\/contest\.test\/api\/gallery\/wechat\/callback\?/);
    expect(a.searchParams.get('state')).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    const desktop = await authorize(new Browser(DESKTOP_UA), entries[0] as number, nextIp());
    const d = new URL(desktop.headers.location as string);
    expect(`${d.origin}${d.pathname}`).toBe(`${wx.url}/connect/qrconnect`);
    expect(Object.fromEntries(d.searchParams)).toMatchObject({ appid: WEB.appId, response_type: 'code', scope: 'snsapi_login' });
  });

  it('a good code signs the visitor in, back to the entry page, and the vote counts once for their openid', async () => {
    const b = new Browser(WECHAT_UA);
    const ip = nextIp();
    const id = entries[0] as number;
    expect((await vote(b, id, ip)).code).toBe(2071);
    const person = { name: 'li_lei' };
    const back = await signIn(b, person, id, ip);
    expect(back).toBe(`/en-US/gallery/${id}?wxVote=${id}`);
    // The cookie names the WeChat identity (signed), never WeChat's access token.
    const cookie = decodeURIComponent(b.cookies.get('mfc_wx_voter') ?? '');
    expect(cookie.startsWith(`${wx.openid(MP.appId, person)}.`)).toBe(true);
    const before = await count(id);
    expect((await vote(b, id, ip)).code).toBe(0);
    expect(await count(id)).toBe(before + 1);
    const row = await t.ctx.db.selectFrom('votes').select('voter_key').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.voter_key).toBe(`wx:${wx.openid(MP.appId, person)}`);
    expect((await get(b, `/api/gallery/entries/${id}`, ip)).json().data.voted).toBe(true);
    // The same person from another browser is the same voter.
    const other = new Browser(WECHAT_UA);
    await signIn(other, person, id, ip);
    expect((await vote(other, id, ip)).code).toBe(2015);
    expect(await count(id)).toBe(before + 1);
  });

  it('a forged state, another browser’s state and a used state are refused (2072), and nobody is signed in', async () => {
    const ip = nextIp();
    const id = entries[1] as number;
    wx.signInAs({ name: 'han_meimei' });
    const b = new Browser(DESKTOP_UA);
    const callback = await atWechat((await authorize(b, id, ip)).headers.location as string);
    const u = new URL(callback, 'http://contest.test');
    const state = u.searchParams.get('state') as string;
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`;
    const forged = `${u.pathname}?${new URLSearchParams({ ...Object.fromEntries(u.searchParams), state: flip(state) })}`;
    expect((await get(b, forged, ip)).headers.location).toBe(`/en-US/gallery/${id}?wxEntry=${id}&wxError=2072`);
    // The state is bound to the browser it was issued to: in another one (a CSRF sign-in) it is worthless.
    const stranger = new Browser(DESKTOP_UA);
    expect((await get(stranger, callback, ip)).headers.location).toBe(`/en-US/gallery/${id}?wxEntry=${id}&wxError=2072`);
    // The return path is part of the state too: no sending the visitor elsewhere.
    const elsewhere = `${u.pathname}?${new URLSearchParams({ ...Object.fromEntries(u.searchParams), to: '/en-US/news' })}`;
    expect((await get(b, elsewhere, ip)).headers.location).toBe(`/en-US/news?wxEntry=${id}&wxError=2072`);
    expect(b.cookies.has('mfc_wx_voter')).toBe(false);
    expect(stranger.cookies.has('mfc_wx_voter')).toBe(false);
    // Eleven minutes later (a state lives ten) the same callback is refused: the service the route calls, on that clock.
    const binding = t.app.unsignCookie(decodeURIComponent(b.cookies.get('mfc_voter') ?? '')).value ?? undefined;
    const later = new Date(Date.now() + 11 * 60_000);
    const late = { code: u.searchParams.get('code') ?? '', state, to: u.searchParams.get('to') ?? '', entryId: id, binding };
    await expect(wechatSignIn(t.ctx, late, later)).rejects.toMatchObject({ code: 2072 });
    // The real one works once; replayed, its state is spent.
    expect((await get(b, callback, ip)).headers.location).toBe(`/en-US/gallery/${id}?wxVote=${id}`);
    b.cookies.delete('mfc_wx_voter');
    expect((await get(b, callback, ip)).headers.location).toBe(`/en-US/gallery/${id}?wxEntry=${id}&wxError=2072`);
    expect(b.cookies.has('mfc_wx_voter')).toBe(false);
    // Off-site return paths are never followed.
    const offsite = await get(b, `/api/gallery/wechat/callback?entry=${id}&to=${encodeURIComponent('//evil.test/x')}&state=x&code=y`, ip);
    expect(offsite.headers.location).toBe(`/?wxEntry=${id}&wxError=2072`);
  });

  it('a used code (40163) and a code WeChat never issued (40029) are refused with their own codes', async () => {
    const ip = nextIp();
    const id = entries[1] as number;
    wx.signInAs({ name: 'wei_hua' });
    const b = new Browser(DESKTOP_UA);
    const first = new URL(await atWechat((await authorize(b, id, ip)).headers.location as string), 'http://contest.test');
    const usedCode = first.searchParams.get('code') as string;
    expect((await get(b, `${first.pathname}${first.search}`, ip)).headers.location).toContain('wxVote=');
    // A fresh state with the code already exchanged.
    const second = new URL(await atWechat((await authorize(b, id, ip)).headers.location as string), 'http://contest.test');
    second.searchParams.set('code', usedCode);
    expect((await get(b, `${second.pathname}${second.search}`, ip)).headers.location).toBe(`/en-US/gallery/${id}?wxEntry=${id}&wxError=2074`);
    const third = new URL(await atWechat((await authorize(b, id, ip)).headers.location as string), 'http://contest.test');
    third.searchParams.set('code', 'never-issued-code');
    expect((await get(b, `${third.pathname}${third.search}`, ip)).headers.location).toBe(`/en-US/gallery/${id}?wxEntry=${id}&wxError=2073`);
    expect(wx.exchanges.slice(-2).map((e) => e.errcode)).toEqual([40163, 40029]);
  });

  it('the unionid is the voter when WeChat gives one: the same person inside WeChat and by QR code votes once', async () => {
    const ip = nextIp();
    const id = entries[2] as number;
    const person = { name: 'zhang_wei', unionid: 'oUnion_zhang_wei_0001' };
    const phone = new Browser(WECHAT_UA);
    await signIn(phone, person, id, ip);
    expect((await vote(phone, id, ip)).code).toBe(0);
    const desktop = new Browser(DESKTOP_UA);
    await signIn(desktop, person, id, ip);
    expect(wx.seen.slice(-2).map((s) => s.scope)).toEqual(['snsapi_base', 'snsapi_login']);
    expect((await vote(desktop, id, ip)).code).toBe(2015);
    const keys = await t.ctx.db.selectFrom('votes').select('voter_key').where('entry_id', '=', id).execute();
    expect(keys.map((k) => k.voter_key)).toEqual([`wx:${person.unionid}`]);
  });

  it('one vote per WeChat user under each rule (perEntry above), and the per-address hourly budget', async () => {
    const [a, b, c] = entries as [number, number, number];
    const person = { name: 'rule_runner' };
    const ip = nextIp();
    try {
      const rules: [string, object, number, number][] = [
        ['perContest', {}, a, b],
        ['perEntryPerDay', {}, a, a],
        ['perDayTotal', { perDayTotal: 1 }, b, c],
      ];
      for (const [votingRule, extra, first, second] of rules) {
        expect((await settings({ votingRule, ...extra })).json().code).toBe(0);
        const one = new Browser(WECHAT_UA);
        await signIn(one, { name: `${person.name}_${votingRule}` }, first, ip);
        expect((await vote(one, first, ip)).code, votingRule).toBe(0);
        // The same person in another browser (the same openid): a second vote that the rule refuses.
        const again = new Browser(WECHAT_UA);
        await signIn(again, { name: `${person.name}_${votingRule}` }, second, ip);
        expect((await vote(again, second, ip)).code, votingRule).toBe(votingRule === 'perDayTotal' ? 2089 : 2015);
      }
      // Past the address's hourly threshold, fresh WeChat users from it wait for the next hour (2031).
      expect((await settings({ votingRule: 'perEntry', stepUpPerHour: 1 })).json().code).toBe(0);
      const busy = nextIp();
      const first = new Browser(WECHAT_UA);
      await signIn(first, { name: 'busy_one' }, c, busy);
      expect((await vote(first, c, busy)).code).toBe(0);
      const second = new Browser(WECHAT_UA);
      await signIn(second, { name: 'busy_two' }, c, busy);
      expect((await vote(second, c, busy)).code).toBe(2031);
    } finally {
      await settings({ votingRule: 'perEntry', stepUpPerHour: 30 });
    }
  });
});

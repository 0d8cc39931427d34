import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for WeChat's web authorisation, speaking its HTTP: the authorisation pages
 * (`/connect/oauth2/authorize` inside WeChat, `/connect/qrconnect` for the QR sign-in) send the browser back to
 * `redirect_uri` with a one-use `code` and the `state` untouched, as WeChat does once the person agreed; the
 * API's `/sns/oauth2/access_token` exchanges a code once, answering `{access_token, openid, unionid?, scope}`,
 * or `{errcode, errmsg}`: 40013 unknown app, 40125 wrong secret, 40029 a code it never issued (or issued to
 * another app), 40163 a code used before. Each person has one openid per app, as on WeChat, and a unionid
 * when the test gives them one.
 */
export type WechatPerson = { name: string; unionid?: string };
export type AuthorizeSeen = { page: string; appid: string; scope: string; redirectUri: string; state: string };

export type WechatServer = {
  url: string;
  /** Registers an app (its secret) the server answers for. */
  app: (appid: string, secret: string) => void;
  /** Who agrees at the authorisation page from now on. */
  signInAs: (person: WechatPerson) => void;
  openid: (appid: string, person: WechatPerson) => string;
  /** Every authorisation page request, in order. */
  seen: AuthorizeSeen[];
  /** Code exchanges answered, with their errcode (0 when one gave an openid). */
  exchanges: { code: string; errcode: number }[];
  close: () => Promise<void>;
};

export async function startWechatServer(listenOn = 0): Promise<WechatServer> {
  const apps = new Map<string, string>();
  const codes = new Map<string, { appid: string; person: WechatPerson; scope: string; used: boolean }>();
  const seen: AuthorizeSeen[] = [];
  const exchanges: WechatServer['exchanges'] = [];
  let person: WechatPerson = { name: 'nobody' };
  const openid = (appid: string, p: WechatPerson) => `o${appid.slice(-4)}_${p.name}`;

  const json = (res: http.ServerResponse, body: object) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wechat.test');
    const q = Object.fromEntries(url.searchParams);
    if (url.pathname === '/health') return void res.end('ok');
    if (url.pathname === '/connect/oauth2/authorize' || url.pathname === '/connect/qrconnect') {
      const appid = q.appid ?? '';
      seen.push({ page: url.pathname, appid, scope: q.scope ?? '', redirectUri: q.redirect_uri ?? '', state: q.state ?? '' });
      if (!apps.has(appid) || q.response_type !== 'code' || !q.redirect_uri) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('bad authorisation request');
        return;
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { appid, person, scope: q.scope ?? '', used: false });
      const back = new URL(q.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.state ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const code = q.code ?? '';
      const issued = codes.get(code);
      const fail = (errcode: number, errmsg: string) => {
        exchanges.push({ code, errcode });
        json(res, { errcode, errmsg });
      };
      if (!apps.has(q.appid ?? '')) return fail(40013, 'invalid appid');
      if (apps.get(q.appid ?? '') !== q.secret) return fail(40125, 'invalid appsecret');
      if (!issued || issued.appid !== q.appid || q.grant_type !== 'authorization_code') return fail(40029, 'invalid code');
      if (issued.used) return fail(40163, 'code been used');
      issued.used = true;
      exchanges.push({ code, errcode: 0 });
      return json(res, {
        access_token: randomBytes(24).toString('hex'),
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid: openid(issued.appid, issued.person),
        scope: issued.scope,
        ...(issued.person.unionid ? { unionid: issued.person.unionid } : {}),
      });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app: (appid, secret) => apps.set(appid, secret),
    signInAs: (p) => {
      person = p;
    },
    openid,
    seen,
    exchanges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

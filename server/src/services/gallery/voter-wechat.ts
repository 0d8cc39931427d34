import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '../../../../common/errors';
import { WECHAT_SETTINGS } from '../../../../common/settings-keys';
import type { WechatApp, WechatSettings } from '../../config';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { spendChallenge } from '../../db/repos/gallery/challenges';
import { readKeys } from '../../db/repos/gallery/votes';
import { AppError } from '../../errors';
import { votingSettings } from './voting-settings';

/**
 * WeChat voters: WeChat's web authorisation (OAuth 2.0 as WeChat speaks it) names the visitor by an openid
 * (or a unionid, the same person across the organiser's official account and website app), and the vote is
 * keyed on it: one WeChat user, one voter. Inside WeChat's browser the official account signs the visitor in
 * silently (`snsapi_base`); elsewhere the open platform's website app shows a QR code (`snsapi_login`).
 * The access token WeChat answers with is used for nothing and kept nowhere; the visitor keeps a signed
 * cookie naming their WeChat identity for a day.
 */
export type WechatKind = 'mp' | 'web';

/** How long a sign-in link lives: a person scans or is redirected within minutes. */
const STATE_TTL_MS = 10 * 60_000;
/** How long a visitor stays a WeChat voter after signing in (a day's votes need no second sign-in). */
export const WECHAT_VOTER_TTL_S = 86_400;
export const WECHAT_VOTER_COOKIE = 'mfc_wx_voter';
/** Readable by the page (web/src/pages/gallery/wechat-vote.ts): only that the visitor signed in, nothing else. */
export const WECHAT_SIGNED_IN_COOKIE = 'mfc_wx_in';
export const WECHAT_CALLBACK_PATH = '/api/gallery/wechat/callback';

type Apps = Record<WechatKind, WechatApp | undefined>;

const complete = (appId: unknown, secret: unknown, env: WechatApp): WechatApp | undefined => {
  const app = { appId: typeof appId === 'string' && appId ? appId : env.appId, secret: typeof secret === 'string' && secret ? secret : env.secret };
  return app.appId && app.secret ? app : undefined;
};

/** The official account's and the website app's id and secret in force (console first, then environment); undefined where either half is missing. */
export function wechatAppsFrom(s: Record<string, unknown>, env: WechatSettings): Apps {
  return {
    mp: complete(s[WECHAT_SETTINGS.mpAppId], s[WECHAT_SETTINGS.mpSecret], env.mp),
    web: complete(s[WECHAT_SETTINGS.webAppId], s[WECHAT_SETTINGS.webSecret], env.web),
  };
}

async function wechatApps(ctx: AppContext): Promise<Apps> {
  return wechatAppsFrom(await readKeys(ctx.db, Object.values(WECHAT_SETTINGS)), ctx.config.wechat);
}

/** WeChat's own browser says so in its User-Agent. */
export const inWechat = (userAgent: string | undefined) => /MicroMessenger/i.test(userAgent ?? '');

/** A path on this site to come back to; anything else (another host, `//host`, a scheme) is the gallery. */
export function safeReturnPath(value: string | undefined): string {
  return value && /^\/(?![/\\])[\w\-./~%?=&]*$/.test(value) && value.length <= 300 ? value : '/';
}

/**
 * The state: alphanumeric and short, as WeChat wants it (at most 128 bytes of a-zA-Z0-9): the app kind, a
 * random nonce, the expiry and a MAC over them, the visitor's cookie key (a state issued to one browser is
 * worthless in another: no signing someone in as you), the return path and the entry. The nonce is spent on
 * use, so a state counts once.
 */
function stateMac(secret: string, parts: { kind: string; nonce: string; exp: string; binding: string; to: string; entryId: number }): string {
  return createHmac('sha256', secret)
    .update(`wechat-state|${parts.kind}|${parts.nonce}|${parts.exp}|${parts.binding}|${parts.to}|${parts.entryId}`)
    .digest('hex')
    .slice(0, 32);
}

export type AuthorizeRequest = { entryId: number; returnTo?: string; userAgent?: string; binding: string };

/** Where to send the visitor: WeChat's silent authorisation inside WeChat, its QR sign-in elsewhere. */
export async function wechatAuthorizeUrl(ctx: AppContext, r: AuthorizeRequest, now = new Date()): Promise<string> {
  if ((await votingSettings(ctx.db, now)).voterMode !== 'wechat') throw new AppError(Code.WechatNotUsed);
  const apps = await wechatApps(ctx);
  // Without the app a visitor is in, the other one's page still tells them what to do (open in WeChat, or scan).
  const wanted: WechatKind = inWechat(r.userAgent) ? 'mp' : 'web';
  const kind: WechatKind = apps[wanted] ? wanted : wanted === 'mp' ? 'web' : 'mp';
  const app = apps[kind];
  if (!app) throw new AppError(Code.WechatNotConfigured);
  const to = safeReturnPath(r.returnTo);
  const nonce = randomBytes(8).toString('hex');
  const exp = Math.floor((now.getTime() + STATE_TTL_MS) / 1000).toString(36);
  const k = kind === 'mp' ? 'm' : 'w';
  const state = `${k}${nonce}${exp}${stateMac(ctx.config.cookieSecret, { kind: k, nonce, exp, binding: r.binding, to, entryId: r.entryId })}`;
  const redirect = `${ctx.config.publicUrl}${WECHAT_CALLBACK_PATH}?${new URLSearchParams({ to, entry: String(r.entryId) })}`;
  const page = kind === 'mp' ? '/connect/oauth2/authorize' : '/connect/qrconnect';
  const query = new URLSearchParams({
    appid: app.appId,
    redirect_uri: redirect,
    response_type: 'code',
    scope: kind === 'mp' ? 'snsapi_base' : 'snsapi_login',
    state,
  });
  return `${ctx.config.wechat.openBase}${page}?${query}#wechat_redirect`;
}

export type CallbackRequest = { code?: string; state?: string; to?: string; entryId: number; binding: string | undefined };

/** Checks the state (2072: forged, another visitor's, expired or used) and returns the app it was issued for. */
async function redeemState(ctx: AppContext, c: CallbackRequest, now: Date): Promise<WechatKind> {
  const m = /^([mw])([0-9a-f]{16})([0-9a-z]{1,10})([0-9a-f]{32})$/.exec(c.state ?? '');
  const bad = () => new AppError(Code.WechatStateInvalid);
  if (!m || !c.binding) throw bad();
  const [, k = '', nonce = '', exp = '', mac = ''] = m;
  const expected = stateMac(ctx.config.cookieSecret, { kind: k, nonce, exp, binding: c.binding, to: safeReturnPath(c.to), entryId: c.entryId });
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(mac))) throw bad();
  const expiresMs = Number.parseInt(exp, 36) * 1000;
  if (expiresMs <= now.getTime()) throw bad();
  if (!(await spendChallenge(ctx.db, { signature: `wechat-state:${nonce}`, expiresAt: nowIso(new Date(expiresMs)) }))) throw bad();
  return k === 'm' ? 'mp' : 'web';
}

/** WeChat's error codes of the code exchange, as ours. */
function exchangeError(errcode: number): AppError {
  switch (errcode) {
    case 40029:
      return new AppError(Code.WechatCodeInvalid);
    case 40163:
      return new AppError(Code.WechatCodeUsed);
    // Wrong app id or secret, or an app without the right to this scope: the organiser's settings.
    case 40013:
    case 40125:
    case 40001:
    case 41002:
    case 41004:
    case 50001:
      return new AppError(Code.WechatAppRejected);
    default:
      return new AppError(Code.WechatUnavailable);
  }
}

/**
 * The callback: the state, then the code exchanged for the visitor's openid (and unionid when the apps are
 * bound to one open-platform account). Returns the WeChat identity the cookie names: the unionid when there is
 * one (the same person inside and outside WeChat), else the openid. A visitor who refused has no code (2078).
 */
export async function wechatSignIn(ctx: AppContext, c: CallbackRequest, now = new Date()): Promise<string> {
  const kind = await redeemState(ctx, c, now);
  if (!c.code) throw new AppError(Code.WechatDenied);
  const app = (await wechatApps(ctx))[kind];
  if (!app) throw new AppError(Code.WechatNotConfigured);
  const query = new URLSearchParams({ appid: app.appId, secret: app.secret, code: c.code, grant_type: 'authorization_code' });
  let answer: { openid?: unknown; unionid?: unknown; errcode?: unknown };
  try {
    const res = await fetch(`${ctx.config.wechat.apiBase}/sns/oauth2/access_token?${query}`, { signal: AbortSignal.timeout(8000) });
    answer = (await res.json()) as typeof answer;
  } catch (cause) {
    throw new AppError(Code.WechatUnavailable, { cause });
  }
  if (typeof answer.errcode === 'number' && answer.errcode !== 0) throw exchangeError(answer.errcode);
  const id = typeof answer.unionid === 'string' && answer.unionid ? answer.unionid : answer.openid;
  if (typeof id !== 'string' || !/^[\w-]{6,64}$/.test(id)) throw new AppError(Code.WechatUnavailable);
  return id;
}

/** The cookie's value: the identity and when it stops counting (the cookie itself is signed by the route). */
export const wechatVoterValue = (id: string, now = new Date()) => `${id}.${Math.floor(now.getTime() / 1000) + WECHAT_VOTER_TTL_S}`;

/** The identity from a cookie whose signature held, while it lasts. */
export function wechatIdFrom(value: string | null | undefined, now = new Date()): string | undefined {
  const m = /^([\w-]{6,64})\.(\d{1,12})$/.exec(value ?? '');
  return m && Number(m[2]) > now.getTime() / 1000 ? m[1] : undefined;
}

/** The voter a WeChat identity is, and what the audit shows of it (its first and last characters). */
export function wechatVoter(id: string): { voterKey: string; label: string } {
  return { voterKey: `wx:${id}`, label: `wx:${id.slice(0, 3)}***${id.slice(-3)}` };
}

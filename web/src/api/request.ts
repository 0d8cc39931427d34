import { ACCESS_TOKEN_KEY, REQUEST_TIMEOUT_MS } from '../../../common/constants';
import { Code } from '../../../common/errors';
import type { MessageKey } from '../../../common/i18n/index';
import { activeLocale } from '../i18n/active-locale';
import { errorText, type TextValues } from '../i18n/error-text';
import { currentMessages } from '../i18n/messages';
import { ApiError, type FieldRefusal } from './api-error';
import { showMessage, showNotification } from './feedback';

/**
 * How a failure is shown (one of five levels); a parameter of the call, not the server's choice.
 * silent: nothing; warning / error: a message with the code's text; notification: "Request error {status}";
 * redirect: like notification, and server errors also take the visitor to /500.
 */
export type ErrorLevel = 'silent' | 'warning' | 'error' | 'notification' | 'redirect';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob or File is sent as the raw body (the console's file routes read bytes). */
  body?: unknown;
  level?: ErrorLevel;
  signal?: AbortSignal;
  /** What a success resolves with: the envelope's `data` (default), or the answer's bytes (CSV exports, the poster). */
  as?: 'data' | 'blob';
  /** A longer limit than the API's 20 s, for uploads. */
  timeoutMs?: number;
};

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The session's bearer token. The one place that reads it: every call here, and tus uploads, take it from this. */
export function accessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null; // storage disabled
  }
}

/** Signing in keeps the token for the calls that follow. */
export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

/** Signing out forgets it. */
export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // storage disabled
  }
}

let sessionEnded: () => void = () => undefined;

/** The current-user state registers here so an expired session also signs the app out (no stale user). */
export function setSessionEndedListener(fn: () => void): void {
  sessionEnded = fn;
}

/** The router registers its navigate so the request layer can move without a full reload. */
export function setRequestNavigator(fn: (path: string) => void): void {
  navigateTo = fn;
}

function text(key: MessageKey, values: Record<string, string | number> = {}): string {
  return (currentMessages()[key] ?? key).replace(/\{(\w+)\}/g, (_, n: string) => String(values[n] ?? ''));
}

function localePrefix(): string {
  const first = window.location.pathname.split('/')[1];
  return first === 'en-US' || first === 'zh-CN' || first === 'zh-TW' ? `/${first}` : '';
}

/** Session expired (401 with SessionExpired, or a 302): say the session has expired, clear all local storage, go to the right login. */
function onSessionExpired(): void {
  void showMessage('error', text('request.sessionExpired'));
  try {
    localStorage.clear();
  } catch {
    // ignore: storage disabled
  }
  // Forget the signed-in user too, or a members-only page would still think it may render and loop.
  sessionEnded();
  if (window.location.pathname.startsWith('/admin')) {
    window.location.assign('/admin/#/login');
    return;
  }
  const back = window.location.pathname + window.location.search;
  navigateTo(`${localePrefix()}/login?redirect=${encodeURIComponent(back)}`);
}

function report(error: ApiError, level: ErrorLevel): void {
  if (level === 'silent') return;
  if (error.status === 0 || error.status >= 500) {
    notifyFailure(error);
    if (level === 'redirect' && error.status !== 0) navigateTo(`${localePrefix()}/500`);
    return;
  }
  void showMessage(level === 'warning' ? 'warning' : 'error', errorText(error.code, error.values, error.msg));
}

/**
 * The notification of a server or network failure: "Request error {status}" over the code's text; a
 * network failure or time-out is titled as such, with the time-out as its line (never the title twice).
 */
export function notifyFailure(error: ApiError): void {
  if (error.status === 0) {
    const title = text('request.network');
    void showNotification(title, error.msg === title ? undefined : error.msg);
    return;
  }
  void showNotification(text('request.error', { status: error.status }), errorText(error.code, error.values, error.msg));
}

/** `data.values` of a refusal: the measured values its text was filled with. */
function valuesOf(data: unknown): TextValues {
  const values = (data as { values?: unknown } | undefined)?.values;
  return values && typeof values === 'object' && !Array.isArray(values) ? (values as TextValues) : {};
}

type Envelope = { code?: number; msg?: string; data?: unknown };

/** An answer's envelope; a body that is not JSON (an HTML error page, an empty 204) reads as none. */
function envelopeOf(body: string): Envelope {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Envelope) : {};
  } catch {
    return {};
  }
}

/**
 * The one fetch wrapper of the web app (public site and console): bearer token, X-Locale, JSON, 20 s
 * time-out, the envelope unwrapped. Resolves with `data` (or the bytes, with `as: 'blob'`); rejects with
 * ApiError after showing it at the requested level.
 */
export function request(path: string, options: RequestOptions & { as: 'blob' }): Promise<Blob>;
export function request<T>(path: string, options?: RequestOptions): Promise<T>;
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T | Blob> {
  const { method = 'GET', body, level = 'error', signal, as = 'data', timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { 'X-Locale': activeLocale() };
  if (as === 'data') headers.Accept = 'application/json';
  const raw = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = raw ? 'application/octet-stream' : 'application/json';
  const token = accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  let payload: Envelope;
  try {
    const sent = body === undefined ? undefined : raw ? body : JSON.stringify(body);
    response = await fetch(path, { method, headers, body: sent, signal: combined, redirect: 'manual' });
    // The body is read under the same limit and handling: a time-out or a dropped line mid-body is a
    // transport failure, never a success with nothing in it.
    if (as === 'blob' && response.ok) return await response.blob();
    payload = envelopeOf(await response.text());
  } catch (err) {
    if (signal?.aborted) throw err;
    const error = new ApiError(0, 0, timeout.aborted ? text('request.timeout') : text('request.network'));
    report(error, level);
    throw error;
  }
  const code = typeof payload.code === 'number' ? payload.code : response.ok ? 0 : Code.Internal;
  if ((response.status === 200 || response.status === 201) && code === 0) return payload.data as T;

  const fields = (payload.data as { fields?: Record<string, FieldRefusal> } | undefined)?.fields;
  const error = new ApiError(code, response.status, payload.msg ?? '', fields, valuesOf(payload.data));
  if ((response.status === 401 && code === Code.SessionExpired) || response.status === 302 || response.type === 'opaqueredirect') {
    if (token) {
      onSessionExpired();
      error.announced = true;
    }
    throw error;
  }
  report(error, level);
  throw error;
}

import { ACCESS_TOKEN_KEY, REQUEST_TIMEOUT_MS } from '../../../common/constants';
import { ERRORS, isErrorCode } from '../../../common/errors';
import type { MessageKey } from '../../../common/i18n/index';
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales';
import { currentMessages } from '../i18n/messages';
import { ApiError } from './api-error';
import { showMessage, showNotification } from './feedback';

/**
 * How a failure is shown (SPEC §4 levels); a parameter of the call, not the server's choice.
 * silent: nothing; warning / error: a message with the code's text; notification: "Request error {status}";
 * redirect: like notification, and server errors also take the visitor to /500.
 */
export type ErrorLevel = 'silent' | 'warning' | 'error' | 'notification' | 'redirect';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  level?: ErrorLevel;
  signal?: AbortSignal;
};

let currentLocale: Locale = DEFAULT_LOCALE;
let navigateTo: (path: string) => void = (path) => window.location.assign(path);

export function setRequestLocale(locale: Locale): void {
  currentLocale = locale;
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

/** The client's own translation of a code, else the server's msg (DESIGN §4). */
export function messageForCode(code: number, fallback: string): string {
  return isErrorCode(code) ? ERRORS[code][currentLocale] : fallback;
}

function localePrefix(): string {
  const first = window.location.pathname.split('/')[1];
  return first === 'en-US' || first === 'zh-CN' || first === 'zh-TW' ? `/${first}` : '';
}

/** Session expired (401 with 1008, or the spec's 302): tell, clear storage, go to the right login. */
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
  const serverSide = error.status === 0 || error.status >= 500;
  if (serverSide) {
    const title = error.status === 0 ? text('request.network') : text('request.error', { status: error.status });
    void showNotification(title, error.msg);
    if (level === 'redirect' && error.status !== 0) navigateTo(`${localePrefix()}/500`);
    return;
  }
  const msg = messageForCode(error.code, error.msg);
  void showMessage(level === 'warning' ? 'warning' : 'error', msg);
}

/**
 * The one fetch wrapper: bearer token from localStorage, JSON, 20 s time-out, the envelope unwrapped.
 * Resolves with `data`; rejects with ApiError after showing it at the requested level.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, level = 'error', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Locale': currentLocale };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let token: string | null = null;
  try {
    token = localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    token = null;
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: combined, redirect: 'manual' });
  } catch (err) {
    if (signal?.aborted) throw err;
    const error = new ApiError(0, 0, timeout.aborted ? text('request.timeout') : text('request.network'));
    report(error, level);
    throw error;
  }

  let payload: { code?: number; msg?: string; data?: unknown } = {};
  try {
    payload = (await response.json()) as typeof payload;
  } catch {
    payload = {};
  }
  const code = typeof payload.code === 'number' ? payload.code : response.ok ? 0 : 9500;
  if ((response.status === 200 || response.status === 201) && code === 0) return payload.data as T;

  const fields = (payload.data as { fields?: Record<string, { code: number; msg: string }> } | undefined)?.fields;
  const error = new ApiError(code, response.status, payload.msg ?? '', fields);
  if ((response.status === 401 && code === 1008) || response.status === 302 || response.type === 'opaqueredirect') {
    if (token) onSessionExpired();
    throw error;
  }
  report(error, level);
  throw error;
}

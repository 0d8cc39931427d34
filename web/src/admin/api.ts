import { ACCESS_TOKEN_KEY } from '../../../common/constants';
import { ApiError } from '../api/api-error';
import { showMessage } from '../api/feedback';
import { messageForCode, request } from '../api/request';

// A 20 MB template on a slow office line needs longer than the API's 20 s.
const UPLOAD_TIMEOUT_MS = 120_000;

/** Query string from defined, non-empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
}

export const adminGet = <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal, level: 'error' });
export const adminSend = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => request<T>(path, { method, body, level: 'error' });

/** Downloads a CSV through fetch (the bearer token cannot ride on a plain link) and saves it. */
export async function downloadCsv(path: string, fileName: string, locale: string): Promise<void> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem(ACCESS_TOKEN_KEY) ?? ''}`, 'X-Locale': locale } });
  if (!res.ok) {
    await request(path, { level: 'error' });
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

function authHeaders(locale: string): Record<string, string> {
  return { Authorization: `Bearer ${localStorage.getItem(ACCESS_TOKEN_KEY) ?? ''}`, 'X-Locale': locale };
}

/**
 * Sends one file as the request body (the console's upload routes read raw bytes). Resolves with `data`;
 * on a refusal shows the server's message, which carries measured values ("File size exceeds 5 M").
 */
export async function adminUpload<T>(path: string, file: Blob, locale: string): Promise<T> {
  let payload: { code?: number; msg?: string; data?: unknown } = {};
  let status = 0;
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { ...authHeaders(locale), 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body: file,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    status = res.status;
    payload = (await res.json().catch(() => ({}))) as typeof payload;
  } catch {
    payload = {};
  }
  if (status === 200 && payload.code === 0) return payload.data as T;
  if (status === 401 && payload.code === 1008) {
    // The shared request layer knows what an expired session means (clear, go to the login).
    await request('/api/currentUser', { level: 'silent' }).catch(() => undefined);
  }
  const msg = payload.msg ?? messageForCode(status === 0 ? 9500 : 1000, '');
  void showMessage('error', msg);
  throw new ApiError(payload.code ?? 9500, status, msg);
}

/**
 * Downloads a file of an entry. A film original can be gigabytes, so it must not pass through this page's
 * memory: the console asks for a signed five-minute link and the browser's download manager fetches it.
 */
export async function downloadEntryFile(entryId: number, file: string): Promise<void> {
  const { url } = await adminSend<{ url: string }>('POST', `/api/admin/entries/${entryId}/files/${file}/link`);
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.click();
}

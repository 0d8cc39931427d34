import { ACCESS_TOKEN_KEY } from '../../../common/constants';
import { request } from '../api/request';

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

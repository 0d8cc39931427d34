import { request } from '../api/request';
import { saveBlob } from '../api/save-blob';

// Files on a slow office line (a 20 MB template up, a long CSV export down) need longer than the API's 20 s.
const UPLOAD_TIMEOUT_MS = 120_000;

export const adminGet = <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal, level: 'error' });
export const adminSend = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => request<T>(path, { method, body, level: 'error' });

/**
 * Downloads a CSV through the request layer (the bearer token cannot ride on a plain link) and saves it.
 * Never rejects: the request layer has already shown a failure (time-out, refusal, expired session).
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const csv = await request(path, { as: 'blob', level: 'error', timeoutMs: UPLOAD_TIMEOUT_MS }).catch(() => null);
  if (csv) saveBlob(csv, fileName);
}

/**
 * Sends one file as the request body (the console's upload routes read raw bytes). Resolves with `data`;
 * a refusal shows as its code's text with the measured values ("File size exceeds 5 M").
 */
export const adminUpload = <T>(path: string, file: Blob) => request<T>(path, { method: 'POST', body: file, level: 'error', timeoutMs: UPLOAD_TIMEOUT_MS });

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

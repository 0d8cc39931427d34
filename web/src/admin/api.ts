import { Code } from '../../../common/errors';
import { ApiError } from '../api/api-error';
import { showMessage } from '../api/feedback';
import { request } from '../api/request';
import { errorText } from '../i18n/error-text';

// A 20 MB template on a slow office line needs longer than the API's 20 s.
const UPLOAD_TIMEOUT_MS = 120_000;

export const adminGet = <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal, level: 'error' });
export const adminSend = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => request<T>(path, { method, body, level: 'error' });

/** Downloads a CSV through the request layer (the bearer token cannot ride on a plain link) and saves it. */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await request(path, { as: 'blob', level: 'error' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Sends one file as the request body (the console's upload routes read raw bytes). Resolves with `data`;
 * on a refusal shows the server's message, which carries measured values ("File size exceeds 5 M").
 */
export async function adminUpload<T>(path: string, file: Blob): Promise<T> {
  try {
    return await request<T>(path, { method: 'POST', body: file, level: 'silent', timeoutMs: UPLOAD_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const msg = err.status === 0 ? errorText(Code.Internal) : err.msg || errorText(Code.ParameterError);
    void showMessage('error', msg);
    throw new ApiError(err.code, err.status, msg, err.fields, err.values);
  }
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

import { type PreviousUpload, Upload } from 'tus-js-client';
import { Code } from '../../../../common/errors';
import type { CredentialPurpose } from '../../../../common/schemas/entry';
import { ApiError, isAnnounced } from '../../api/api-error';
import { accessToken, request } from '../../api/request';
import { activeLocale } from '../../i18n/active-locale';
import { errorText, type TextValues } from '../../i18n/error-text';

export type UploadOutcome = { id: string; url: string | null; meta: Record<string, unknown> };
export type UploadCallbacks = {
  onProgress: (sent: number, total: number) => void;
  onChecking: () => void;
  onRetry: () => void;
  onSuccess: (outcome: UploadOutcome) => void;
  /** `message` is the refusal's text ("The video is 10:01 long…", errorText), or undefined for transport failures. */
  onError: (code: number | undefined, message: string | undefined) => void;
};
export type UploadHandle = { pause: () => void; resume: () => void; abort: () => void };

const ENDPOINT = '/api/uploads/tus';
/** 16 MB requests: a dropped connection costs at most one chunk, and proxies never see a giant body. */
const CHUNK = 16 * 1024 * 1024;

/** tus-js-client sends its own requests; the token still comes from the request layer's one accessor. */
const token = (): string => accessToken() ?? '';

/**
 * Uploads one file with tus: resumable, with progress, pause/resume and automatic retries. The upload URL
 * is remembered under the file's fingerprint (localStorage), so choosing the same file again after a
 * reload carries on where it stopped instead of starting over.
 */
export async function startUpload(file: File, purpose: CredentialPurpose, cb: UploadCallbacks): Promise<UploadHandle> {
  const upload = new Upload(file, {
    endpoint: ENDPOINT,
    chunkSize: CHUNK,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    headers: { Authorization: `Bearer ${token()}`, 'X-Locale': activeLocale() },
    metadata: { filename: file.name, filetype: file.type, purpose },
    fingerprint: async (f) => ['mfc', purpose, (f as File).name, (f as File).size, (f as File).lastModified, token().slice(0, 12)].join('-'),
    onProgress: (sent, total) => {
      cb.onProgress(sent, total);
      if (sent === total) cb.onChecking();
    },
    onShouldRetry: (err, attempt, options) => {
      const status = (err as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0;
      const retry = (status === 0 || status >= 500 || status === 409 || status === 423) && attempt < (options.retryDelays?.length ?? 0);
      if (retry) cb.onRetry();
      return retry;
    },
    onSuccess: (payload) => {
      try {
        const body = JSON.parse(payload.lastResponse.getBody() || '{}') as { data?: UploadOutcome };
        if (body.data?.id) cb.onSuccess(body.data);
        else cb.onError(undefined, undefined);
      } catch {
        cb.onError(undefined, undefined);
      }
    },
    onError: (err) => {
      const body = (err as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
      try {
        const parsed = JSON.parse(body ?? '') as { code?: number; msg?: string; data?: { values?: TextValues } };
        const { code, msg } = parsed;
        cb.onError(code, typeof code === 'number' ? errorText(code, parsed.data?.values, msg) : msg);
      } catch {
        cb.onError(undefined, undefined);
      }
    },
  });
  const previous = await upload.findPreviousUploads();
  // A credential even when resuming: if the server no longer knows the old upload, tus-js-client creates
  // a new one and needs it.
  try {
    const issued = await request<{ credential: string }>('/api/uploads/credential', {
      method: 'POST',
      body: { purpose, name: file.name, size: file.size, type: file.type },
      level: 'silent',
    });
    upload.options.metadata = { ...upload.options.metadata, credential: issued.credential };
  } catch (err) {
    const none = { pause: () => undefined, resume: () => undefined, abort: () => undefined };
    // An expired session: the request layer has told the person and is taking them to the login.
    if (isAnnounced(err)) return none;
    // The quotas and the disk reserve refuse new uploads only: one begun earlier goes on without a new credential.
    const resumable = previous[0] && err instanceof ApiError && NEW_UPLOADS_ONLY.has(err.code);
    if (resumable) return begin(upload, previous[0]);
    // A failed upload credential reads "Failed to obtain temporary secret key", with the server's reason when it gave one.
    const base = errorText(Code.UploadKeyFailed);
    // A server failure's text says nothing to the person; the disk reserve's (507) does.
    const said = err instanceof ApiError && ((err.status > 0 && err.status < 500) || NEW_UPLOADS_ONLY.has(err.code));
    const reason = said && err.code !== Code.UploadKeyFailed ? errorText(err.code, err.values, err.msg) : '';
    cb.onError(Code.UploadKeyFailed, reason ? `${base}: ${reason}` : base);
    return none;
  }
  return begin(upload, previous[0]);
}

/** Refusals of a new upload that leave an upload already begun free to go on. */
const NEW_UPLOADS_ONLY = new Set<number>([Code.UploadsAtOnce, Code.UploadBytesInProgress, Code.UploadBytesTotal, Code.StorageReserve]);

function begin(upload: Upload, previous: PreviousUpload | undefined): UploadHandle {
  if (previous) upload.resumeFromPreviousUpload(previous);
  upload.start();
  return {
    pause: () => void upload.abort(false),
    resume: () => upload.start(),
    // Terminating asks the server to delete the upload; an upload it no longer has (finished and taken, or
    // swept) answers 404, which is no failure of the person's: the upload is gone either way.
    abort: () => void upload.abort(true).catch(() => undefined),
  };
}

import { Server } from '@tus/server';
import type { Locker } from '@tus/utils';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import { type CredentialPurpose, isAdminUploadPurpose, VIDEO_MAX_BYTES } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { classifyFailure, failureAsAppError, RETRY_AFTER_SECONDS } from '../../db/failures';
import { deleteUpload, findUpload, insertUploadSpendingCredential } from '../../db/repos/submission/uploads';
import { AppError, failureBody } from '../../errors';
import { requestLocale } from '../../request-locale';
import { UploadOutOfSpace } from '../../storage/local-tus-store';
import { resolveSession, type SessionUser } from '../auth/sessions';
import { assertMayUploadExhibitionVideo } from '../exhibition-video/videos';
import { verifyCredential } from './credential';
import { discardFiles } from './discard-files';
import { processUpload } from './process-upload';
import { assertDiskReserve, assertUploadFits } from './quota';
import { assertMaySubmit, assertUploadMayContinue, uploadSettingsFor } from './settings';

export const TUS_PATH = '/api/uploads/tus';

type TusRequest = { method: string; headers: Headers };
type Log = { error: (obj: unknown, msg: string) => void };

function localeOf(req: TusRequest): Locale {
  return requestLocale(Object.fromEntries(req.headers.entries()));
}

/**
 * Any failure as the AppError an upload request is answered with. An unreachable database (9503, logged
 * once where queries fail) and a full disk (9507, logged here with its cause) are no processing bug;
 * anything else unexpected is 2003, logged with its stack.
 */
function uploadError(error: unknown, log: Log): AppError {
  if (error instanceof AppError && error.status < 500) return error;
  const failure = error instanceof UploadOutOfSpace ? error : failureAsAppError(error);
  if (failure?.code === Code.StorageFull) {
    const detail = error instanceof UploadOutOfSpace ? error.detail : { code: classifyFailure(error)?.code, path: (error as { path?: unknown }).path };
    log.error(detail, 'upload refused: out of storage space');
  }
  if (failure) return failure;
  if (error instanceof AppError) return error;
  log.error({ err: error }, 'upload processing failed');
  return new AppError(Code.SubmitFailed, { cause: error });
}

/** A refusal in tus's shape ({ status_code, body }) whose body is already the envelope. */
class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

/**
 * tus hooks refuse by throwing { status_code, body }; the body is the usual envelope. Upload answers always
 * carry `data.values` (empty when the text names none), as they always have.
 */
function tusRefusal(error: unknown, req: TusRequest, log: Log): TusRefusal {
  const appError = uploadError(error, log);
  return new TusRefusal(appError.status, JSON.stringify(failureBody(appError.code, localeOf(req), { values: appError.values ?? {} })));
}

/** One of tus's own protocol answers (404, 409, 412...), which stays as tus words it. */
function isTusProtocolAnswer(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'status_code' in err && typeof err.status_code === 'number' && err.status_code < 500;
}

/**
 * tus writes every answer it is given as a string, so a refusal would leave typed text/plain; the refusals
 * made here (tusRefusal) are the JSON envelope and are typed as such. tus's own protocol answers stay text.
 */
class EnvelopeTusServer extends Server {
  override write(...args: Parameters<Server['write']>): ReturnType<Server['write']> {
    const [, headers, , body] = args;
    if (body?.startsWith('{"code":')) {
      headers.set('Content-Type', 'application/json; charset=utf-8');
      // tus's refusals carry no headers of their own: a wait (Redis or the database away) says how long.
      if ((JSON.parse(body) as { code?: number }).code === Code.Unavailable) headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    return super.write(...args);
  }
}

async function userOf(ctx: AppContext, req: TusRequest): Promise<SessionUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match?.[1]) throw new AppError(Code.LoginRequired);
  return resolveSession(ctx.db, ctx.config, match[1]);
}

/**
 * An entrant's upload past the submission deadline goes on only inside the grace period (`withinGrace`).
 * Once that is over, its row and its partial bytes are removed before its next chunk is refused (4014):
 * nothing stays behind for the sweep, and the file cannot be finished into an entry any more. Called by the
 * route before tus reads the chunk, so the refusal is the usual JSON envelope; a request that is not the
 * owner's is left to tus's own checks.
 */
export async function assertChunkInTime(ctx: AppContext, id: string, authorization: string | undefined): Promise<void> {
  const row = await findUpload(ctx.db, id);
  if (row?.status !== 'uploading' || isAdminUploadPurpose(row.purpose as CredentialPurpose)) return;
  const user = await userOf(ctx, { method: 'PATCH', headers: new Headers(authorization ? { authorization } : {}) }).catch(() => null);
  if (user?.id !== row.user_id) return;
  try {
    assertUploadMayContinue(await uploadSettingsFor(ctx.db, row.user_id), row.created_at, new Date());
  } catch (err) {
    await deleteUpload(ctx.db, row.id);
    await discardFiles(ctx, [row]);
    throw err;
  }
}

/**
 * The tus server (resumable uploads). Creation must present a credential from
 * POST /api/uploads/credential for the signed-in owner and the exact size, and fit the account's quotas and
 * the disk reserve (quota.ts); every later request must come from the same owner. When the last byte arrives the bytes are checked (processUpload) before the final
 * PATCH is answered, so the client learns at once whether its file was accepted.
 */
export function createTusServer(ctx: AppContext, log: Log, locker?: Locker): Server {
  const server = new EnvelopeTusServer({
    path: TUS_PATH,
    datastore: ctx.storage.tusStore,
    // With REDIS_URL the upload locks are shared by every instance (storage/redis-locker.ts); else tus keeps them in memory.
    ...(locker ? { locker } : {}),
    relativeLocation: true,
    maxSize: VIDEO_MAX_BYTES,
    respectForwardedHeaders: false,
    allowedOrigins: [ctx.config.publicUrl],
    // Errors the hooks did not refuse (the data store's, e.g. a chunk that does not fit on the disk, and
    // tus's own 5xx: FILE_WRITE_ERROR, ERR_LOCK_TIMEOUT, UNKNOWN_ERROR) would leave as tus's plain text
    // with no catalogue code: they get the envelope too, and are logged. tus's own protocol answers (404,
    // 409, 412...) and the hooks' refusals stay as they are.
    onResponseError(req, err) {
      if (err instanceof TusRefusal || isTusProtocolAnswer(err)) return undefined;
      return tusRefusal(err, req, log);
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      try {
        const user = await userOf(ctx, req);
        const row = await findUpload(ctx.db, id);
        if (!row) throw new AppError(Code.UploadNotFound);
        if (row.user_id !== user.id) throw new AppError(Code.UploadNotYours);
      } catch (err) {
        throw tusRefusal(err, req, log);
      }
    },
    async onUploadCreate(req, upload) {
      try {
        const user = await userOf(ctx, req);
        if (upload.size === undefined) throw new AppError(Code.UploadCredentialInvalid);
        const claims = verifyCredential(ctx.config.cookieSecret, upload.metadata?.credential ?? undefined, { owner: user.id, size: upload.size });
        // Checked again at creation: the role or the window may have changed since the credential was issued.
        if (isAdminUploadPurpose(claims.purpose)) await assertMayUploadExhibitionVideo(ctx, user);
        else assertMaySubmit(user, await uploadSettingsFor(ctx.db, user.id));
        const declared = upload.metadata?.purpose;
        if (declared && declared !== claims.purpose) throw new AppError(Code.UploadCredentialInvalid);
        await assertDiskReserve(ctx, upload.size);
        const now = nowIso();
        // Spent in the same transaction that writes the row: a second creation with this credential gets 5020.
        const size = upload.size;
        const spent = await insertUploadSpendingCredential(
          ctx.db,
          ctx.dialect,
          {
            id: upload.id,
            user_id: user.id,
            purpose: claims.purpose,
            file_name: claims.name,
            size: upload.size,
            status: 'uploading',
            storage_key: null,
            public_url: null,
            meta: '{}',
            entry_id: null,
            created_at: now,
            updated_at: now,
          },
          { nonce: claims.nonce, expiresAt: new Date(claims.exp).toISOString() },
          (usage) => isAdminUploadPurpose(claims.purpose) || assertUploadFits(ctx.config.uploads, usage, size),
        );
        if (!spent) throw new AppError(Code.UploadCredentialUsed);
        // The credential is spent: keep only what later steps need in the store's metadata.
        return { metadata: { purpose: claims.purpose, filename: claims.name } };
      } catch (err) {
        throw tusRefusal(err, req, log);
      }
    },
    async onUploadFinish(req, upload) {
      try {
        const row = await findUpload(ctx.db, upload.id);
        if (!row) throw new AppError(Code.UploadNotFound);
        const result = await processUpload(ctx, { id: row.id, purpose: row.purpose as CredentialPurpose });
        ctx.metrics.uploadsFinished.inc({ outcome: 'accepted' });
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ code: 0, msg: 'ok', data: result }),
        };
      } catch (err) {
        ctx.metrics.uploadsFinished.inc({ outcome: 'refused' });
        throw tusRefusal(err, req, log);
      }
    },
  });
  // A client that gives up (DELETE) leaves no row behind.
  server.on('POST_TERMINATE', (_req: unknown, _res: unknown, id: string) => {
    void deleteUpload(ctx.db, id).catch((err) => log.error({ err }, 'upload row cleanup failed'));
  });
  return server;
}

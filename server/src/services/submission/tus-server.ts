import { Server } from '@tus/server';
import type { Locale } from '../../../../common/locales';
import { type CredentialPurpose, isAdminUploadPurpose, VIDEO_MAX_BYTES } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { deleteUpload, findUpload, insertUpload } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import { requestLocale } from '../../plugins/locale';
import { resolveSession, type SessionUser } from '../auth/sessions';
import { assertMayUploadExhibitionVideo } from '../console/exhibition-video';
import { verifyCredential } from './credential';
import { processUpload } from './process-upload';
import { refusalBody } from './refusal';
import { assertMaySubmit, submissionSettings } from './settings';

export const TUS_PATH = '/api/uploads/tus';

type TusRequest = { method: string; headers: Headers };
type Log = { error: (obj: unknown, msg: string) => void };

function localeOf(req: TusRequest): Locale {
  return requestLocale(Object.fromEntries(req.headers.entries()));
}

/** tus hooks refuse by throwing { status_code, body }; the body is our usual JSON envelope. */
function tusRefusal(error: unknown, req: TusRequest, log: Log) {
  if (!(error instanceof AppError)) log.error({ err: error }, 'upload processing failed');
  const appError = error instanceof AppError ? error : new AppError(2003, { cause: error });
  return { status_code: appError.status, body: JSON.stringify(refusalBody(appError, localeOf(req))) };
}

async function userOf(ctx: AppContext, req: TusRequest): Promise<SessionUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match?.[1]) throw new AppError(1009);
  return resolveSession(ctx.db, ctx.config, match[1]);
}

/**
 * The tus server (resumable uploads, DESIGN §4). Creation must present a credential from
 * POST /api/uploads/credential for the signed-in owner and the exact size; every later request must come
 * from the same owner. When the last byte arrives the bytes are checked (processUpload) before the final
 * PATCH is answered, so the client learns at once whether its file was accepted.
 */
export function createTusServer(ctx: AppContext, log: Log): Server {
  const server = new Server({
    path: TUS_PATH,
    datastore: ctx.storage.tusStore,
    relativeLocation: true,
    maxSize: VIDEO_MAX_BYTES,
    respectForwardedHeaders: false,
    allowedOrigins: [ctx.config.publicUrl],
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      try {
        const user = await userOf(ctx, req);
        const row = await findUpload(ctx.db, id);
        if (!row) throw new AppError(5015);
        if (row.user_id !== user.id) throw new AppError(5014);
      } catch (err) {
        throw tusRefusal(err, req, log);
      }
    },
    async onUploadCreate(req, upload) {
      try {
        const user = await userOf(ctx, req);
        if (upload.size === undefined) throw new AppError(5012);
        const claims = verifyCredential(ctx.config.cookieSecret, upload.metadata?.credential ?? undefined, { owner: user.id, size: upload.size });
        // Checked again at creation: the role or the window may have changed since the credential was issued.
        if (isAdminUploadPurpose(claims.purpose)) await assertMayUploadExhibitionVideo(user);
        else assertMaySubmit(user, await submissionSettings(ctx.db));
        const declared = upload.metadata?.purpose;
        if (declared && declared !== claims.purpose) throw new AppError(5012);
        const now = nowIso();
        await insertUpload(ctx.db, {
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
        });
        // The credential is spent: keep only what later steps need in the store's metadata.
        return { metadata: { purpose: claims.purpose, filename: claims.name } };
      } catch (err) {
        throw tusRefusal(err, req, log);
      }
    },
    async onUploadFinish(req, upload) {
      try {
        const row = await findUpload(ctx.db, upload.id);
        if (!row) throw new AppError(5015);
        const result = await processUpload(ctx, { id: row.id, purpose: row.purpose as CredentialPurpose });
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ code: 0, msg: 'ok', data: result }),
        };
      } catch (err) {
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

import { mayAccess } from '../../../../common/console/staff';
import type { ExhibitionVideoStatus } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { findUpload, setUploadState } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { jobQueued } from '../jobs/wake';
import { ffmpegAvailable } from '../media/ffmpeg';
import { probeExhibitionVideo } from './encode';

/**
 * The exhibition video an organiser uploads through the shared tus path (purpose `exhibitionVideo`).
 * When the last byte arrives the file is probed at once (a non-video is refused in the final PATCH and
 * deleted); then a media worker remuxes or re-encodes it into a private work folder, which is moved under
 * media/exhibitions/<generated name>/ in one rename only when complete. The console polls the state.
 */
export const EXHIBITION_MEDIA_FOLDER = 'exhibitions';

/** Only staff who edit content may upload it, and only when the server can convert it (6032 names a missing ffmpeg up front). */
export async function assertMayUploadExhibitionVideo(ctx: AppContext, user: Pick<SessionUser, 'role'>): Promise<void> {
  if (!mayAccess(user.role, 'content')) throw new AppError(Code.Forbidden);
  const s = ctx.config.media;
  if (!(await ffmpegAvailable(s.ffmpeg)) || !(await ffmpegAvailable(s.ffprobe))) throw new AppError(Code.FfmpegMissing);
}

/**
 * Called by processUpload once the bytes are complete. Throws a refusal (6030 not a video, 6032 no ffmpeg)
 * so the caller deletes the bytes and the row; otherwise marks the row "processing": a conversion job that a
 * media worker (this server's, or `npm run worker`) leases and runs (exhibition-video-worker.ts).
 */
export async function acceptExhibitionVideo(ctx: AppContext, id: string): Promise<{ status: 'processing' }> {
  const settings = ctx.config.media;
  if (!(await ffmpegAvailable(settings.ffmpeg)) || !(await ffmpegAvailable(settings.ffprobe))) throw new AppError(Code.FfmpegMissing);
  const facts = await ctx.storage.withLocalFile(id, (file) => probeExhibitionVideo(settings.ffprobe, file));
  await setUploadState(ctx.db, id, { status: 'processing', meta: JSON.stringify({ percent: 0, duration: facts.duration }), updated_at: nowIso() });
  jobQueued(); // an idle worker of this process starts at once
  return { status: 'processing' };
}

/** The state the console polls. Only exhibition-video rows are visible here; others read as missing (6033). */
export async function exhibitionVideoStatus(ctx: AppContext, id: string): Promise<ExhibitionVideoStatus> {
  const row = await findUpload(ctx.db, id);
  if (row?.purpose !== 'exhibitionVideo' || row.status === 'uploading') throw new AppError(Code.ExhibitionVideoNotFound);
  const meta = JSON.parse(row.meta || '{}') as { percent?: number; posterUrl?: string; code?: number };
  const base = { id, percent: meta.percent ?? 0, url: null, posterUrl: null, code: null };
  if (row.status === 'published') return { ...base, status: 'published', percent: 100, url: row.public_url, posterUrl: meta.posterUrl ?? null };
  if (row.status === 'failed') return { ...base, status: 'failed', code: meta.code ?? Code.ExhibitionVideoFailed };
  return { ...base, status: 'processing' };
}

import fs from 'node:fs';
import path from 'node:path';
import type { ExhibitionVideoStatus } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { findUpload, setUploadState } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { ffmpegAvailable } from '../media/ffmpeg';
import { generatedName, mediaPaths } from '../media/paths';
import { type ExhibitionVideoFacts, encodeExhibitionVideo, POSTER_FILE, probeExhibitionVideo, VIDEO_FILE } from './exhibition-video-encode';

/**
 * The exhibition video an organiser uploads through the shared tus path (purpose `exhibitionVideo`).
 * When the last byte arrives the file is probed at once (a non-video is refused in the final PATCH and
 * deleted); then it is remuxed or re-encoded in the background into a private work folder, which is moved
 * under media/exhibitions/<generated name>/ in one rename only when complete. The console polls the state.
 */
export const EXHIBITION_MEDIA_FOLDER = 'exhibitions';
/** A "processing" row untouched this long belongs to a process that died mid-encode (progress writes every few seconds). */
const STALE_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 3000;

type Running = { controller: AbortController; done: Promise<void> };
const running = new WeakMap<AppContext, Map<string, Running>>();

function runningOf(ctx: AppContext): Map<string, Running> {
  let map = running.get(ctx);
  if (!map) {
    map = new Map();
    running.set(ctx, map);
  }
  return map;
}

/** Only organisers may upload it, and only when the server can convert it (6032 names a missing ffmpeg up front). */
export async function assertMayUploadExhibitionVideo(ctx: AppContext, user: Pick<SessionUser, 'role'>): Promise<void> {
  if (user.role !== 'admin') throw new AppError(Code.Forbidden);
  const s = ctx.config.media;
  if (!(await ffmpegAvailable(s.ffmpeg)) || !(await ffmpegAvailable(s.ffprobe))) throw new AppError(Code.FfmpegMissing);
}

/**
 * Called by processUpload once the bytes are complete. Throws a refusal (6030 not a video, 6032 no ffmpeg)
 * so the caller deletes the bytes and the row; otherwise marks the row "processing" and starts the work.
 */
export async function acceptExhibitionVideo(ctx: AppContext, id: string): Promise<{ status: 'processing' }> {
  const settings = ctx.config.media;
  if (!(await ffmpegAvailable(settings.ffmpeg)) || !(await ffmpegAvailable(settings.ffprobe))) throw new AppError(Code.FfmpegMissing);
  const facts = await ctx.storage.withLocalFile(id, (file) => probeExhibitionVideo(settings.ffprobe, file));
  await setUploadState(ctx.db, id, { status: 'processing', meta: JSON.stringify({ percent: 0, duration: facts.duration }), updated_at: nowIso() });
  const controller = new AbortController();
  const map = runningOf(ctx);
  const done = publish(ctx, id, facts, controller.signal).finally(() => map.delete(id));
  map.set(id, { controller, done });
  return { status: 'processing' };
}

async function publish(ctx: AppContext, id: string, facts: ExhibitionVideoFacts, signal: AbortSignal): Promise<void> {
  const settings = ctx.config.media;
  const paths = mediaPaths(ctx.config.dataDir);
  const name = generatedName();
  const work = path.join(paths.work, `exhibition-${name}`);
  let lastWrite = 0;
  try {
    fs.mkdirSync(work, { recursive: true });
    const onProgress = (percent: number) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      void setUploadState(ctx.db, id, { status: 'processing', meta: JSON.stringify({ percent, duration: facts.duration }), updated_at: nowIso() }).catch(
        () => undefined,
      );
    };
    const result = await ctx.storage.withLocalFile(id, (file) => encodeExhibitionVideo(file, facts, work, { settings, onProgress, signal }));
    const target = path.join(paths.media, EXHIBITION_MEDIA_FOLDER, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Published in one rename: a visitor never gets a half-written film.
    fs.renameSync(work, target);
    const base = `/media/${EXHIBITION_MEDIA_FOLDER}/${name}`;
    const meta = { percent: 100, duration: facts.duration, posterUrl: `${base}/${POSTER_FILE}`, remuxed: result.remuxed };
    await setUploadState(ctx.db, id, {
      status: 'published',
      public_url: `${base}/${VIDEO_FILE}`,
      storage_key: null,
      meta: JSON.stringify(meta),
      updated_at: nowIso(),
    });
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true });
    await setUploadState(ctx.db, id, {
      status: 'failed',
      meta: JSON.stringify({ code: Code.ExhibitionVideoFailed, reason: String((err as Error)?.message ?? err).slice(0, 500) }),
      updated_at: nowIso(),
    }).catch(() => undefined);
  } finally {
    // The original is private and no longer needed either way.
    await ctx.storage.removeOriginal(id).catch(() => undefined);
  }
}

/** The state the console polls. Only exhibition-video rows are visible here; others read as missing (6033). */
export async function exhibitionVideoStatus(ctx: AppContext, id: string): Promise<ExhibitionVideoStatus> {
  const row = await findUpload(ctx.db, id);
  if (row?.purpose !== 'exhibitionVideo' || row.status === 'uploading') throw new AppError(Code.ExhibitionVideoNotFound);
  const meta = JSON.parse(row.meta || '{}') as { percent?: number; posterUrl?: string; code?: number };
  const base = { id, percent: meta.percent ?? 0, url: null, posterUrl: null, code: null };
  if (row.status === 'published') return { ...base, status: 'published', percent: 100, url: row.public_url, posterUrl: meta.posterUrl ?? null };
  if (row.status === 'failed') return { ...base, status: 'failed', code: meta.code ?? Code.ExhibitionVideoFailed };
  const stale = !runningOf(ctx).has(id) && Date.now() - Date.parse(row.updated_at) > STALE_MS;
  return stale ? { ...base, status: 'failed', code: Code.ExhibitionVideoFailed } : { ...base, status: 'processing' };
}

/** On shutdown: stop the encodes of this app and wait for their clean-up (each marks its row failed). */
export async function stopExhibitionVideoWork(ctx: AppContext): Promise<void> {
  const map = runningOf(ctx);
  for (const r of map.values()) r.controller.abort();
  await Promise.all([...map.values()].map((r) => r.done));
}

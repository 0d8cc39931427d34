import type { AppContext } from '../../context';
import { entryOriginalKey } from '../submission/originals';

/**
 * Where a job reads its film: a local path, or `storage:<key>` for a private original in ctx.storage
 * (local disk, or S3 where a temporary local copy is made for ffmpeg and removed afterwards).
 */
const PREFIX = 'storage:';

export function storageSource(key: string): string {
  return `${PREFIX}${key}`;
}

export function withSourceFile<T>(ctx: AppContext, source: string, fn: (file: string) => Promise<T>): Promise<T> {
  return source.startsWith(PREFIX) ? ctx.storage.withLocalFile(source.slice(PREFIX.length), fn) : fn(source);
}

/** The source of an entry's uploaded film, or null when it has none (yet). */
export async function entryFilmSource(ctx: AppContext, entryId: number): Promise<string | null> {
  const key = await entryOriginalKey(ctx, entryId, 'video');
  return key ? storageSource(key) : null;
}

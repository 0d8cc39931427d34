import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import { type DownloadableFile, type EntryFileInfo, type EntryFileName, isFieldFileName } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { findEntryWithSubmitter } from '../../db/repos/entries/repository';
import { entryUploads } from '../../db/repos/submission/uploads';
import type { EntriesTable } from '../../db/schema/index';
import type { UploadsTable } from '../../db/schema/submission';
import { AppError } from '../../errors';
import { fieldFileUpload } from '../entry-form/field-files';
import { mediaFilePath } from '../media/public-files';

type Entry = Pick<Selectable<EntriesTable>, 'submission_no' | 'cover_url' | 'video_cover_url' | 'team_logo_url' | 'empower_key' | 'answers'>;
type Upload = Selectable<UploadsTable>;

const IMAGE_COLUMNS = { cover: 'cover_url', videoCover: 'video_cover_url', teamLogo: 'team_logo_url' } as const;

/** A file name safe in a Content-Disposition header and on any disk. */
function safe(name: string): string {
  return name.replace(/[\p{Cc}"<>:|?*/\\]/gu, '_').slice(-120);
}

type Source = { kind: 'public'; file: string; fileName: string } | { kind: 'original'; key: string; fileName: string; size: number };

/** Where each file of an entry lives: images are public processed files; the film, the trailer and the package are private originals. */
function sources(ctx: Pick<AppContext, 'config'>, entry: Entry, uploads: Upload[]): Partial<Record<EntryFileName, Source>> {
  const out: Partial<Record<EntryFileName, Source>> = {};
  for (const [name, column] of Object.entries(IMAGE_COLUMNS) as [keyof typeof IMAGE_COLUMNS, (typeof IMAGE_COLUMNS)[keyof typeof IMAGE_COLUMNS]][]) {
    const url = entry[column];
    const file = url ? mediaFilePath(ctx.config.dataDir, url) : null;
    if (file && fs.existsSync(file)) out[name] = { kind: 'public', file, fileName: safe(`${entry.submission_no}-${name}${path.extname(file)}`) };
  }
  for (const name of ['video', 'trailer'] as const) {
    const row = uploads.find((u) => u.purpose === name && u.storage_key);
    if (row?.storage_key) out[name] = { kind: 'original', key: row.storage_key, fileName: safe(`${entry.submission_no}-${row.file_name}`), size: row.size };
  }
  if (entry.empower_key) {
    const row = uploads.find((u) => u.storage_key === entry.empower_key);
    out.empower = {
      kind: 'original',
      key: entry.empower_key,
      fileName: safe(`${entry.submission_no}-${row?.file_name ?? 'empower'}`),
      size: row?.size ?? 0,
    };
  }
  return out;
}

/** A file answering one of the organiser's fields: a private original like the package. */
function fieldFileSource(entry: Entry, uploads: Upload[], name: `field:${string}`): Source | undefined {
  const row = fieldFileUpload(entry, uploads, name);
  return row?.storage_key ? { kind: 'original', key: row.storage_key, fileName: safe(`${entry.submission_no}-${row.file_name}`), size: row.size } : undefined;
}

/** The downloadable files of an entry, for the console's entry drawer. */
export async function listEntryFiles(ctx: Pick<AppContext, 'config' | 'db'>, entryId: number): Promise<EntryFileInfo[]> {
  const entry = await findEntryWithSubmitter(ctx.db, entryId);
  if (!entry) throw new AppError(Code.NotFound);
  const found = sources(ctx, entry, await entryUploads(ctx.db, entryId));
  return (Object.entries(found) as [EntryFileName, Source][]).map(([name, s]) => ({
    name,
    fileName: s.fileName,
    size: s.kind === 'original' ? s.size : fs.statSync(s.file).size,
  }));
}

/** Resolves once a file stream has opened, or rejects when it could not (a missing original). */
function opened(stream: Readable): Promise<Readable> {
  if (!(stream instanceof fs.ReadStream)) return Promise.resolve(stream); // S3: a missing key fails in openOriginal
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.once('open', () => {
      stream.off('error', reject);
      resolve(stream);
    });
  });
}

/** One file of an entry as a stream, for the admin-only download route. */
export async function openEntryFile(ctx: AppContext, entryId: number, name: DownloadableFile): Promise<{ stream: Readable; fileName: string }> {
  const entry = await findEntryWithSubmitter(ctx.db, entryId);
  if (!entry) throw new AppError(Code.NotFound);
  const uploads = await entryUploads(ctx.db, entryId);
  const source = isFieldFileName(name) ? fieldFileSource(entry, uploads, name) : sources(ctx, entry, uploads)[name];
  if (!source) throw new AppError(Code.EntryFileMissing);
  try {
    const stream = source.kind === 'public' ? fs.createReadStream(source.file) : await ctx.storage.openOriginal(source.key);
    return { stream: await opened(stream), fileName: source.fileName };
  } catch {
    throw new AppError(Code.EntryFileMissing);
  }
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pack } from 'tar-stream';

/**
 * The archive a backup writes (a gzipped tar): `database/<snapshot>`, `data/<path under DATA_DIR>` for each
 * file, and last `manifest.json`, which lists every other entry with its size and SHA-256 so a restore can
 * prove it got each byte.
 */
export const MANIFEST = 'manifest.json';
export const ARCHIVE_FORMAT = 'microfilm-contest-backup';

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** `local`: originals are in the archive under data/uploads; `s3`: they stay in the bucket (not in the archive). */
  storage: 'local' | 's3';
  files: ManifestFile[];
};

export type Progress = { doneBytes: number; totalBytes: number; files: number };

/** A stream that hashes and counts what passes through it. */
export function hashing(onBytes: (n: number) => void) {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** Adds `size` bytes of `file` as `name`: exactly the size listed, even if the file grows meanwhile (an upload in progress). */
export async function addFile(pack: Pack, name: string, file: string, size: number, onBytes: (n: number) => void): Promise<ManifestFile> {
  const { stream, digest } = hashing(onBytes);
  if (size === 0) await addBuffer(pack, name, Buffer.alloc(0));
  else await pipeline(fs.createReadStream(file, { start: 0, end: size - 1 }), stream, pack.entry({ name, size }));
  return { path: name, size, sha256: digest() };
}

export function addBuffer(pack: Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: data.length }, data, (err) => (err ? reject(err) : resolve())));
}

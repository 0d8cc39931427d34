import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataStore } from '@tus/utils';
import type { Config, S3Settings } from '../config';
import { LocalTusStore } from './local-tus-store';

/**
 * Where uploaded bytes live. Private originals (tus uploads: films, packages) go to local disk under
 * DATA_DIR/uploads, which is never served, or to S3 when `S3_BUCKET` is set. Processed public files
 * (normalised images) go under DATA_DIR/media, which /media/ serves with safe headers.
 */
export type Storage = {
  kind: 'local' | 's3';
  /** The tus data store that receives uploads; keys are tus upload ids. */
  tusStore: DataStore;
  /** Runs `fn` with a local file holding the original (a temporary copy when it lives in S3). */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /** Streams an original (for the organiser and the media pipeline). */
  openOriginal(key: string): Promise<Readable>;
  /** Deletes an original and its tus bookkeeping; missing keys are fine. */
  removeOriginal(key: string): Promise<void>;
  /** Writes a public file under media/ and returns its URL path (/media/...). */
  putPublic(relPath: string, data: Buffer): Promise<string>;
  /** Deletes a public file written by putPublic; URLs outside /media/entries/ are left alone. */
  removePublic(url: string): Promise<void>;
};

/** A fresh, unguessable folder name for one entry's public files. */
export function publicFolder(): string {
  return `entries/${randomBytes(12).toString('hex')}`;
}

async function ignoreMissing(op: Promise<unknown>): Promise<void> {
  try {
    await op;
  } catch (err) {
    const code = (err as { code?: string; status_code?: number }).code;
    const status = (err as { status_code?: number }).status_code;
    if (code !== 'ENOENT' && status !== 404) throw err;
  }
}

async function createS3Store(s3: S3Settings): Promise<DataStore> {
  const { S3Store } = await import('@tus/s3-store');
  /** @tus/s3-store 2.0's remove() leaves a cancelled upload's last partial chunk (`<id>.part`) in the bucket. */
  class S3StoreRemovingParts extends S3Store {
    override async remove(id: string): Promise<void> {
      await super.remove(id);
      await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    }
  }
  return new S3StoreRemovingParts({
    partSize: 8 * 1024 * 1024,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      // Checksums only where S3 requires them: the SDK's default (aws-chunked CRC trailers on every upload) is
      // not understood by many S3-compatible services, which would then store the framing with the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    },
  });
}

export async function createStorage(config: Config): Promise<Storage> {
  const s3 = config.s3;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const mediaDir = path.join(config.dataDir, 'media');
  fs.mkdirSync(uploadsDir, { recursive: true });
  // Local uploads go through LocalTusStore: a chunk that fills the disk is cut back so the upload can resume.
  const tusStore: DataStore = s3 ? await createS3Store(s3) : new LocalTusStore({ directory: uploadsDir });
  const readable = (key: string) => (tusStore as unknown as { read(id: string): Readable | Promise<Readable> }).read(key);
  const local = (key: string) => {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(uploadsDir, key);
  };

  return {
    kind: s3 ? 's3' : 'local',
    tusStore,
    async withLocalFile(key, fn) {
      if (!s3) return fn(local(key));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-upload-'));
      const file = path.join(dir, key);
      try {
        await pipeline(await readable(key), fs.createWriteStream(file));
        return await fn(file);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    async openOriginal(key) {
      if (!s3) return fs.createReadStream(local(key));
      return readable(key);
    },
    async removeOriginal(key) {
      await ignoreMissing(tusStore.remove(key));
      if (!s3) {
        // FileStore.remove leaves nothing behind, but an upload that never got its .json must go too.
        fs.rmSync(local(key), { force: true });
        fs.rmSync(`${local(key)}.json`, { force: true });
      }
    },
    async putPublic(relPath, data) {
      const file = path.join(mediaDir, relPath);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, data);
      return `/media/${relPath.split(path.sep).join('/')}`;
    },
    async removePublic(url) {
      if (!url.startsWith('/media/entries/') || url.includes('..')) return;
      const file = path.join(mediaDir, url.slice('/media/'.length));
      fs.rmSync(file, { force: true });
      const dir = path.dirname(file);
      if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Config } from '../../config';
import { ARCHIVE_FORMAT, addBuffer, addFile, MANIFEST, type Manifest, type ManifestFile, type Progress } from './archive';
import { listDataFiles, sqliteFileOf } from './data-files';
import { dumpPostgres, snapshotSqlite } from './database-dump';

export type BackupResult = { file: string; bytes: number; files: number; dataBytes: number };

/**
 * `npm run backup -- --out FILE`: one archive of the database and of DATA_DIR's files, taken while the site
 * runs. The database is snapshot first (SQLite's backup API, or pg_dump), then the files are read: a file an
 * entry of the snapshot names was already on disk when it was taken. The archive is written to FILE.partial
 * and renamed when complete, so a backup that dies never looks finished. Uploaded originals on S3 are not in
 * it: the bucket is the organiser's to back up.
 */
export async function createBackup(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>,
  out: string,
  onProgress: (p: Progress) => void = () => {},
): Promise<BackupResult> {
  const sqliteFile = sqliteFileOf(config.databaseUrl);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-backup-'));
  const partial = `${out}.partial`;
  try {
    const dump = path.join(scratch, sqliteFile ? 'contest.sqlite' : 'postgres.dump');
    if (sqliteFile) await snapshotSqlite(sqliteFile, dump);
    else await dumpPostgres(config.databaseUrl, dump);
    const files = [
      { rel: `database/${path.basename(dump)}`, abs: dump, size: fs.statSync(dump).size },
      ...listDataFiles(config.dataDir, sqliteFile).map((f) => ({ ...f, rel: `data/${f.rel}` })),
    ];
    const progress: Progress = { doneBytes: 0, totalBytes: files.reduce((sum, f) => sum + f.size, 0), files: 0 };

    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const pack = tar.pack();
    // Media are already compressed (WebP, H.264): the fastest level saves the time, not the space.
    const written = pipeline(pack, zlib.createGzip({ level: 1 }), fs.createWriteStream(partial));
    const listed: ManifestFile[] = [];
    for (const f of files) {
      listed.push(await addFile(pack, f.rel, f.abs, f.size, (n) => (progress.doneBytes += n)));
      progress.files++;
      onProgress(progress);
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      dialect: sqliteFile ? 'sqlite' : 'postgres',
      storage: config.s3 ? 's3' : 'local',
      files: listed,
    };
    await addBuffer(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
    pack.finalize();
    await written;
    fs.renameSync(partial, out);
    return { file: out, bytes: fs.statSync(out).size, files: listed.length, dataBytes: progress.totalBytes };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Config } from '../../config';
import { ARCHIVE_FORMAT, hashing, MANIFEST, type Manifest, type ManifestFile, type Progress } from './archive';
import { sqliteFileOf } from './data-files';
import { BackupRefusal, postgresTableCount, restorePostgres, sqliteIntegrity } from './database-dump';

export type RestoreResult = { files: number; dataBytes: number; dialect: Manifest['dialect']; storage: Manifest['storage'] };

const isEmptyOrAbsent = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** An entry name the archive may hold: no absolute path, no way out of the folder it is written to. */
function safeName(name: string): boolean {
  return (name === MANIFEST || /^(database|data)\//.test(name)) && !name.split('/').some((part) => part === '..' || part === '') && !path.isAbsolute(name);
}

async function assertEmptyTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<void> {
  if (!isEmptyOrAbsent(config.dataDir)) throw new BackupRefusal(`${config.dataDir} is not empty: a restore goes only into an empty DATA_DIR`);
  const sqliteFile = sqliteFileOf(config.databaseUrl);
  if (sqliteFile && fs.existsSync(sqliteFile)) throw new BackupRefusal(`${sqliteFile} exists: a restore never overwrites a database`);
  if (!sqliteFile && (await postgresTableCount(config.databaseUrl)) > 0) {
    throw new BackupRefusal('the PostgreSQL database of DATABASE_URL has tables: a restore goes only into an empty database');
  }
}

/** Unpacks the archive into `staging`, hashing every entry; returns the manifest and what was really in it. */
async function unpack(file: string, staging: string, onProgress: (p: Progress) => void) {
  const found = new Map<string, ManifestFile>();
  let manifest: Manifest | undefined;
  const progress: Progress = { doneBytes: 0, totalBytes: fs.statSync(file).size, files: 0 };
  const extract = tar.extract();
  let writing: Promise<unknown> = Promise.resolve();
  extract.on('entry', (header, stream, next) => {
    // A damaged archive fails the whole pipeline below; the entry being read then errors too, reported there.
    stream.on('error', () => undefined);
    const name = header.name;
    if (header.type !== 'file' || !safeName(name) || found.has(name)) {
      stream.resume();
      next(new BackupRefusal(`the archive holds an entry a backup never writes: ${name}`));
      return;
    }
    if (name === MANIFEST) {
      const chunks: Buffer[] = [];
      stream.on('data', (c) => chunks.push(c as Buffer));
      stream.on('end', () => {
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
        next();
      });
      return;
    }
    const target = path.join(staging, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    let size = 0;
    const { stream: hash, digest } = hashing((n) => (size += n));
    writing = pipeline(stream, hash, fs.createWriteStream(target));
    writing.then(() => {
      found.set(name, { path: name, size, sha256: digest() });
      progress.files++;
      onProgress(progress);
      next();
    }, next);
  });
  const counting = hashing((n) => (progress.doneBytes += n)).stream;
  try {
    await pipeline(fs.createReadStream(file), counting, zlib.createGunzip(), extract);
  } catch (err) {
    await writing.catch(() => undefined); // the file being written must be closed before the staging folder goes
    throw err;
  }
  return { manifest, found };
}

/** Every file the manifest lists arrived whole, and nothing else did. */
function verify(manifest: Manifest | undefined, found: Map<string, ManifestFile>): Manifest {
  if (manifest?.format !== ARCHIVE_FORMAT || manifest.version !== 1) throw new BackupRefusal('not a backup of this site (no manifest): nothing restored');
  for (const f of manifest.files) {
    const got = found.get(f.path);
    if (!got) throw new BackupRefusal(`the archive is incomplete: ${f.path} is missing; nothing restored`);
    if (got.size !== f.size || got.sha256 !== f.sha256)
      throw new BackupRefusal(`the archive is damaged: ${f.path} does not match its checksum; nothing restored`);
  }
  if (found.size !== manifest.files.length) throw new BackupRefusal('the archive holds files its manifest does not list: nothing restored');
  return manifest;
}

/**
 * `npm run restore -- FILE`: into an empty DATA_DIR (and an empty database). The archive is unpacked beside
 * DATA_DIR, every file checked against the manifest's SHA-256, the SQLite snapshot checked by SQLite itself
 * (or the dump loaded into PostgreSQL in one transaction), and only then moved into place: a damaged archive
 * leaves the target as it was.
 */
export async function restoreBackup(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file: string,
  onProgress: (p: Progress) => void = () => {},
): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`${file} does not exist`);
  await assertEmptyTarget(config);
  const dataDir = path.resolve(config.dataDir);
  const staging = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  try {
    const { manifest: listed, found } = await unpack(file, staging, onProgress).catch((err) => {
      throw err instanceof BackupRefusal ? err : new BackupRefusal(`the archive cannot be read (${(err as Error).message}): nothing restored`);
    });
    const manifest = verify(listed, found);
    const sqliteFile = sqliteFileOf(config.databaseUrl);
    if ((sqliteFile ? 'sqlite' : 'postgres') !== manifest.dialect) {
      throw new BackupRefusal(
        `the backup is of a ${manifest.dialect} database but DATABASE_URL names ${sqliteFile ? 'SQLite' : 'PostgreSQL'}: nothing restored`,
      );
    }
    const dataRoot = path.join(staging, 'data');
    fs.mkdirSync(dataRoot, { recursive: true });
    if (sqliteFile) {
      const snapshot = path.join(staging, 'database', 'contest.sqlite');
      const integrity = sqliteIntegrity(snapshot);
      if (integrity !== 'ok') throw new BackupRefusal(`the database in the archive fails SQLite's integrity check (${integrity}): nothing restored`);
      fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
      fs.copyFileSync(snapshot, sqliteFile, fs.constants.COPYFILE_EXCL);
    } else {
      await restorePostgres(config.databaseUrl, path.join(staging, 'database', 'postgres.dump'));
    }
    // DATA_DIR may hold the SQLite file just placed: move the files in one by one rather than the folder.
    fs.mkdirSync(dataDir, { recursive: true });
    for (const name of fs.readdirSync(dataRoot)) fs.renameSync(path.join(dataRoot, name), path.join(dataDir, name));
    const data = manifest.files.filter((f) => f.path.startsWith('data/'));
    return { files: data.length, dataBytes: data.reduce((sum, f) => sum + f.size, 0), dialect: manifest.dialect, storage: manifest.storage };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * Which files of DATA_DIR a backup holds: everything (media, uploads, the demo clips, the generated cookie
 * secret) except the live SQLite files (the archive holds a snapshot instead), what is rebuilt or only a copy
 * (transcoding work folders, the resized-image cache, the mail outbox) and a restore's own staging folder.
 */
const SKIPPED_FOLDERS = new Set(['media-work', 'media-cache', 'outbox']);

export type DataFile = { rel: string; abs: string; size: number };

export function listDataFiles(dataDir: string, sqliteFile: string | undefined): DataFile[] {
  const skipped = sqliteFile ? new Set(['', '-wal', '-shm', '-journal'].map((s) => path.resolve(sqliteFile + s))) : new Set<string>();
  const files: DataFile[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!(rel === '' && (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')))) walk(abs, relPath);
      } else if (entry.isFile() && !skipped.has(path.resolve(abs))) {
        // A file removed between the listing and its reading (a replaced image) is left out, not an error.
        const size = fs.statSync(abs, { throwIfNoEntry: false })?.size;
        if (size !== undefined) files.push({ rel: relPath, abs, size });
      }
    }
  };
  if (fs.existsSync(dataDir)) walk(dataDir, '');
  return files;
}

/** The SQLite file of a `sqlite:` DATABASE_URL; undefined for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith('sqlite:') ? path.resolve(databaseUrl.slice('sqlite:'.length)) : undefined;
}

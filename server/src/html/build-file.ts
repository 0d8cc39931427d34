import fs from 'node:fs';

/**
 * A file of the web build (index.html, the Vite manifest), read once and read again when a new build has
 * replaced it, so `npm run build` under a running server takes effect without a restart. The file's mtime
 * is looked at no more than once per `checkMs`, so a page view costs no disk access.
 */
export function buildFile<T>(file: string, parse: (text: string | null) => T, checkMs = 1000): () => T {
  let value: T | undefined;
  let version = '';
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (value !== undefined && now - checkedAt < checkMs) return value;
    checkedAt = now;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file);
    } catch {
      stat = undefined;
    }
    const current = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : 'missing';
    if (value === undefined || current !== version) {
      let text: string | null = null;
      try {
        text = stat ? fs.readFileSync(file, 'utf8') : null;
      } catch {
        text = null;
      }
      value = parse(text);
      version = current;
    }
    return value;
  };
}

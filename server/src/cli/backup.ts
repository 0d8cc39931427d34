import { loadConfig } from '../config';
import type { Progress } from '../services/backup/archive';
import { createBackup } from '../services/backup/backup';
import { BackupRefusal } from '../services/backup/database-dump';
import { restoreBackup } from '../services/backup/restore';

/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE` (the same file, `restore` as its first word):
 * the database and DATA_DIR's files in one archive, and back into an empty DATA_DIR. Uses the server's
 * DATABASE_URL and DATA_DIR. A progress line goes to stderr; the result is one line on stdout.
 */
const USAGE = 'usage: npm run backup -- --out FILE   |   npm run restore -- FILE';
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** One line rewritten in place on a terminal; otherwise a line every 10% so a log stays short. */
function progressLine(verb: string) {
  let shown = -1;
  return (p: Progress) => {
    const pct = p.totalBytes ? Math.floor((100 * p.doneBytes) / p.totalBytes) : 100;
    const text = `${verb}: ${pct}% (${mb(p.doneBytes)} of ${mb(p.totalBytes)}, ${p.files} files)`;
    if (process.stderr.isTTY) process.stderr.write(`\r${text}`);
    else if (Math.floor(pct / 10) > shown) {
      shown = Math.floor(pct / 10);
      process.stderr.write(`${text}\n`);
    }
  };
}

async function main(args: string[]) {
  const config = loadConfig();
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (args[0] === 'restore') {
    if (!args[1]) throw new BackupRefusal(USAGE);
    const r = await restoreBackup(config, args[1], progressLine('restore'));
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.log(`restored ${r.files} files (${mb(r.dataBytes)}) and the ${r.dialect} database into ${config.dataDir} in ${seconds()} s; integrity checked`);
    if (r.storage === 's3') console.log('uploaded originals were in the S3 bucket when this backup was taken: restore the bucket from your own copy');
    return;
  }
  const out = args[args.indexOf('--out') + 1];
  if (!args.includes('--out') || !out) throw new BackupRefusal(USAGE);
  const r = await createBackup(config, out, progressLine('backup'));
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.log(`backup ${r.file}: ${r.files} files, ${mb(r.dataBytes)} read, ${mb(r.bytes)} written in ${seconds()} s`);
  if (config.s3) console.log(`uploaded originals live in the S3 bucket "${config.s3.bucket}" and are not in this archive: back the bucket up yourself`);
}

main(process.argv.slice(2)).catch((err) => {
  // A refusal is for the operator: its text alone. Anything else is a bug: the stack.
  console.error(err instanceof BackupRefusal ? `\n${err.message}` : err);
  process.exit(1);
});

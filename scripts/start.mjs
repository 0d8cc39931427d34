// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (which migrates the database and seeds demo content on first start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'build/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

// START_SKIP_BUILD=1 serves whatever WEB_DIR holds (the server falls back to a bare page shell): for tests of
// the launcher itself and for deployments that build elsewhere.
const skipBuild = process.env.START_SKIP_BUILD === '1';
const sourcesMtime = skipBuild ? 0 : Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'common')));
if (!skipBuild && (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesMtime)) {
  console.log('Building the web app (first start or sources changed)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
// A server killed by a signal is a failure (the shell's 128 + signal number, e.g. SIGKILL -> 137), so a
// supervisor restarts it; exiting 0 would read as a deliberate stop.
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));

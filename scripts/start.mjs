// `npm start`: build the web app and the compiled server (build/server, scripts/build-server.mjs) when
// missing or older than their sources, then run the server as JavaScript (it migrates the database and seeds
// demo content on first start; with WORKERS > 1 it runs that many HTTP workers, server/src/cluster/).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, newestMtime, SERVER_BUILD_DIR } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'build/web/index.html');

// `node scripts/start.mjs worker` (`npm run worker`) runs the compiled media worker instead, without the web app.
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
// START_SKIP_BUILD=1 serves whatever WEB_DIR holds (the server falls back to a bare page shell): for tests of
// the launcher itself and for deployments that build elsewhere.
const skipBuild = process.env.START_SKIP_BUILD === '1' || entry === 'worker';
const sourcesMtime = skipBuild ? 0 : Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'common')));
if (!skipBuild && (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesMtime)) {
  console.log('Building the web app (first start or sources changed)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server's build takes about a second, so START_SKIP_BUILD does not skip it; without sources (build/ shipped alone) it is used as it is.
await buildServerIfStale();

const child = spawn(process.execPath, [path.join(SERVER_BUILD_DIR, `${entry}.js`)], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
// A server killed by a signal is a failure (the shell's 128 + signal number, e.g. SIGKILL -> 137), so a
// supervisor restarts it; exiting 0 would read as a deliberate stop.
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));

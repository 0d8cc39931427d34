// The server compiled for production: esbuild bundles server/src (with common/ and the JSON it imports)
// into build/server/main.js and build/server/worker.js, so `npm start` runs plain JavaScript instead of
// transpiling TypeScript through tsx at every start. Packages stay external (native ones such as
// better-sqlite3, sharp and @node-rs/argon2 cannot be bundled), so they load from node_modules as before.
// `node scripts/build-server.mjs` builds; scripts/start.mjs calls `buildServerIfStale`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUILD_DIR = path.join(root, 'build/server');
const ENTRIES = { main: 'server/src/main.ts', worker: 'server/src/cli/worker.ts' };
// What the bundle is made of: its sources, and this file (a changed build is a changed server).
const SOURCES = ['server/src', 'common', 'scripts/build-server.mjs'];

/** The newest modification time of a file, or of any file under a folder. */
export function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when the build is missing or older than a source; false when the sources are not there (a deployment that ships build/ only). */
export function serverBuildStale() {
  if (!fs.existsSync(path.join(root, 'server/src/main.ts'))) return false;
  if (Object.keys(ENTRIES).some((name) => !fs.existsSync(path.join(SERVER_BUILD_DIR, `${name}.js`)))) return true;
  const built = Math.min(...Object.keys(ENTRIES).map((name) => fs.statSync(path.join(SERVER_BUILD_DIR, `${name}.js`)).mtimeMs));
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  // Stamped with the time the build began: a source saved while it ran is newer, so the next start rebuilds.
  const began = new Date();
  const result = await buildWith(esbuild);
  // esbuild's service process would otherwise live on as a child of the launcher for the server's whole life.
  await esbuild.stop();
  writeOutputs(result.outputFiles, began);
}

function buildWith(esbuild) {
  return esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // Linked maps: stack traces map back to the TypeScript with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    write: false,
    outdir: SERVER_BUILD_DIR,
    logLevel: 'warning',
  });
}

/** Each file written beside and renamed into place, so a server starting meanwhile never reads half a file. */
function writeOutputs(outputFiles, began) {
  fs.mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  for (const file of outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.utimesSync(tmp, began, began);
    fs.renameSync(tmp, file.path);
  }
}

/** Builds when stale; returns whether it did. */
export async function buildServerIfStale() {
  if (!serverBuildStale()) return false;
  console.log('Building the server (first start or sources changed)…');
  await buildServer();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();

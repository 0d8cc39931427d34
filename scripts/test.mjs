// `npm test`: type-check, lint, unit + integration (Vitest), build, e2e (Playwright in Debian's Chromium).
// Prints one closing line with the totals of both runners: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-test-'));
const only = process.argv[2]; // optional: "unit" or "e2e"

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

const results = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

if (!only) {
  ok = run('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;
  ok = run('lint', bin('biome'), ['check', '.']) && ok;
}
if (!only || only === 'unit') {
  const file = path.join(reports, 'vitest.json');
  ok = run('unit + integration (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${file}`]) && ok;
  if (fs.existsSync(file)) {
    const v = JSON.parse(fs.readFileSync(file, 'utf8'));
    results.passed += v.numPassedTests;
    results.failed += v.numFailedTests;
    results.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  } else ok = false;
}
if (!only || only === 'e2e') {
  ok = run('build', bin('vite'), ['build']) && ok;
  const file = path.join(reports, 'playwright.json');
  ok = run('e2e (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }) && ok;
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const s = report.stats;
    results.passed += s.expected + s.flaky;
    results.flaky = flakyTitles(report.suites);
    results.failed += s.unexpected;
    results.skipped += s.skipped;
  } else ok = false;
}

/** Titles of the e2e tests that failed once and passed on their retry: named, never hidden. */
function flakyTitles(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === 'flaky')).map((spec) => `${spec.file}: ${spec.title}`),
    ...flakyTitles(suite.suites),
  ]);
}

for (const title of results.flaky ?? []) console.log(`flaky (passed on retry): ${title}`);
if (!ok && results.failed === 0) results.failed = 1; // a failed step without a test count still fails
const flaky = results.flaky?.length ? ` (${results.flaky.length} flaky)` : '';
console.log(`\n${results.passed} passed${flaky}, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);

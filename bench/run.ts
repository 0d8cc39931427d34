/**
 * `npm run bench`: figures to hold against the performance budgets, which are ratios to a no-op server
 * measured in the same run. Prints, in one run:
 *  (a) req/s and p99 of the public reads on the real server (GET /api/currentUser as a 401, the gallery
 *      and news lists, an entry's detail, the /home and /gallery HTML), each also as a ratio to a no-op
 *      node:http server measured in the same run (the yardstick), and the news API next to a raw node:http
 *      server answering the same query (what Fastify costs on top); autocannon runs in a process of its
 *      own (bench/load.ts);
 *  (b) gzipped KB of JS + CSS that /home loads (measured in Chromium);
 *  (c) what a phone visitor feels on /home, /gallery and the gallery's first entry: Lighthouse's mobile
 *      throttling (simulated 150 ms round trip, 1.6 Mbps down, 4x slower CPU) at 390x844, cold cache, median
 *      of 3 runs per figure: first and largest contentful paint, performance and accessibility scores, and
 *      the JS and total bytes the page loaded before any interaction (video segments counted apart);
 *  then any area benches present (bench/votes.ts, bench/vote-attack.ts, bench/uploads.ts, bench/transcode.ts,
 *  bench/startup.ts: start time and idle RSS; bench/cluster.ts: 1 and 2 workers on PostgreSQL + Redis).
 * Budgets are compared in the output, never asserted: the machine is shared.
 *
 * Knobs: BENCH_ONLY=lighthouse|size|load (one part only, no area benches), BENCH_PORT (app port, default
 * 3300), BENCH_LH_RUNS (Lighthouse runs per page, median printed; default 3), BENCH_LH_DIR (keep each
 * Lighthouse JSON report there), BENCH_SKIP_BUILD=1 (use the existing build/web).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { CONNECTIONS, DURATION, figures, type LoadResult, load, ratio, row, start, startNoop, stop } from './load';
import { runMain } from './run-main';

const root = path.resolve(import.meta.dirname, '..');
const ONLY = process.env.BENCH_ONLY || '';
const part = (name: string) => !ONLY || ONLY === name;
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS || 3));
const LH_DIR = process.env.BENCH_LH_DIR || '';
const CHROME = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

async function bundleKb(base: string): Promise<{ kb: number; files: number }> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  const page = await browser.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    sizes.push(
      res.body().then(
        (b) => zlib.gzipSync(b, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(`${base}/home`, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  await browser.close();
  const bytes = all.reduce((a, b) => a + b, 0);
  const files = all.filter((n) => n > 0).length;
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}

type LhFigures = {
  performance: number;
  accessibility: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Transferred bytes (as on the wire, compressed) before any interaction: scripts, everything, video segments. */
  jsKb: number;
  totalKb: number;
  mediaKb: number;
  lcpElement: string;
};

/** A phone as most voters hold one (390x844, 3x), under Lighthouse's default mobile throttling. */
const PHONE_SETTINGS = {
  formFactor: 'mobile' as const,
  screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
  throttlingMethod: 'simulate' as const,
  // A cold cache for every run: Lighthouse clears it unless told not to.
  disableStorageReset: false,
};

type NetworkRow = { resourceType?: string; transferSize?: number; url?: string; mimeType?: string };

/** Sums the report's network requests: all of them happened before interaction (Lighthouse only loads the page). */
function transferred(items: NetworkRow[]): { jsKb: number; totalKb: number; mediaKb: number } {
  const kb = (rows: NetworkRow[]) => Math.round(rows.reduce((a, r) => a + (r.transferSize ?? 0), 0) / 102.4) / 10;
  const media = (r: NetworkRow) => r.resourceType === 'Media' || /\.(m4s|ts|mp4)(\?|$)/.test(r.url ?? '') || (r.mimeType ?? '').startsWith('video/');
  return { jsKb: kb(items.filter((r) => r.resourceType === 'Script')), totalKb: kb(items), mediaKb: kb(items.filter(media)) };
}

async function lighthouseScores(url: string): Promise<LhFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] },
      { extends: 'lighthouse:default', settings: PHONE_SETTINGS },
    );
    const lhr = result?.lhr;
    // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) has no figures, not zero ones.
    if (lhr?.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`);
    if (LH_DIR && lhr) {
      fs.mkdirSync(LH_DIR, { recursive: true });
      fs.writeFileSync(path.join(LH_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const c = lhr?.categories;
    const score = (k: string) => Math.round((c?.[k]?.score ?? 0) * 100);
    const ms = (k: string) => Math.round(lhr?.audits[k]?.numericValue ?? 0);
    const lcpItems = (lhr?.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items;
    const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '';
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: Math.round((lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      ...transferred(((lhr?.audits['network-requests']?.details as { items?: NetworkRow[] } | undefined)?.items ?? []) as NetworkRow[]),
      lcpElement: lcpElement.slice(0, 90),
    };
  } finally {
    await chrome.kill();
  }
}

/** The median of each figure over several runs, so one noisy run on the shared machine does not decide. */
function median(runs: LhFigures[]): LhFigures {
  const mid = <T>(values: T[], by: (v: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor((values.length - 1) / 2)] as T;
  const of = (k: Exclude<keyof LhFigures, 'lcpElement'>) => mid(runs, (r) => r[k])[k];
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    seo: of('seo'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    jsKb: of('jsKb'),
    totalKb: of('totalKb'),
    mediaKb: of('mediaKb'),
    lcpElement: mid(runs, (r) => r.lcp).lcpElement,
  };
}

/** The id of the gallery's first entry (the demo content has approved ones). */
async function firstGalleryEntry(base: string): Promise<number> {
  const res = await fetch(`${base}/api/gallery?page=1`);
  const body = (await res.json()) as { data?: { items?: { id: number }[] } };
  const id = body.data?.items?.[0]?.id;
  if (!id) throw new Error('the gallery has no entry to read (demo content off?)');
  return id;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('Building the web app…');
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('vite build failed');
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-bench-'));
  const dbUrl = `sqlite:${path.join(dataDir, 'contest.sqlite')}`;
  const appPort = Number(process.env.BENCH_PORT || 3300);
  const rawPort = appPort + 1;
  const noopPort = appPort + 2;
  const replayPort = appPort + 3;
  const base = `http://127.0.0.1:${appPort}`;
  const app = await start(
    'server/src/main.ts',
    { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    'is running at',
  );
  const raw = part('load') ? await start('bench/raw-server.ts', { PORT: String(rawPort), DATABASE_URL: dbUrl }, 'raw ready') : null;
  const noop = part('load') ? await startNoop(noopPort) : null;
  try {
    if (part('load')) {
      console.log(`\n(a) throughput, ${CONNECTIONS} connections x ${DURATION} s each, same machine, same SQLite file, autocannon in its own process`);
      await load({ url: `${base}/api/news?page=1` }); // warm-up
      const yardstick = await load({ url: `http://127.0.0.1:${noopPort}/` });
      const rawNews = await load({ url: `http://127.0.0.1:${rawPort}/api/news?page=1` });
      row('no-op node:http (fixed JSON, the yardstick)', figures(yardstick));
      row('raw node:http GET /api/news?page=1', figures(rawNews));
      row('  ratio raw / no-op', ratio(rawNews, yardstick));
      // The public reads of a peak night, each as a ratio to the yardstick. The entry is the
      // gallery's first (demo content); the 401 is counted in "errors" (non-2xx) and is the expected answer.
      const firstEntry = await firstGalleryEntry(base);
      const reads: [string, string][] = [
        ['GET /api/currentUser (401)', '/api/currentUser'],
        ['GET /api/gallery?page=1', '/api/gallery?page=1'],
        ['GET /api/news?page=1', '/api/news?page=1'],
        [`GET /api/gallery/entries/${firstEntry}`, `/api/gallery/entries/${firstEntry}`],
        ['GET /home (HTML + head + data)', '/home'],
        ['GET /gallery (HTML + head + data)', '/gallery'],
      ];
      const pages: Record<string, LoadResult> = {};
      for (const [label, p] of reads) {
        const r = await load({ url: `${base}${p}` });
        pages[p] = r;
        row(`Fastify     ${label}`, figures(r));
        row('  ratio / no-op', ratio(r, yardstick));
        if (p === '/api/news?page=1') row('  ratio Fastify / raw (budget >= 0.85)', ratio(r, rawNews));
      }
      // The pages as a browser asks for them: compressed (brotli here), a quarter of the bytes above.
      const brotli = { 'accept-encoding': 'gzip, deflate, br' };
      for (const p of ['/home', '/gallery']) {
        const r = await load({ url: `${base}${p}`, headers: brotli });
        pages[`${p} br`] = r;
        row(`Fastify     GET ${p} (HTML, brotli)`, figures(r));
        row('  ratio / no-op', ratio(r, yardstick));
      }
      // The same bytes from a bare node:http server: what reading the page costs the load generator itself.
      for (const p of ['/home', '/gallery']) {
        for (const encoding of ['', 'gzip, deflate, br']) {
          const replay = await start(
            'bench/replay-server.ts',
            { PORT: String(replayPort), REPLAY_URL: `${base}${p}`, REPLAY_ENCODING: encoding },
            'replay ready',
          );
          try {
            const r = await load({ url: `http://127.0.0.1:${replayPort}${p}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
            const app = pages[encoding ? `${p} br` : p] as LoadResult;
            row(`node:http replaying ${p}${encoding ? ' (brotli)' : ''}`, figures(r));
            row('  ratio / no-op', ratio(r, yardstick));
            row("  ratio app / replay (the app's own cost)", ratio(app, r));
          } finally {
            await stop(replay);
          }
        }
      }
    }

    if (part('size')) {
      console.log('\n(b) first load of /home in Chromium');
      const b = await bundleKb(base);
      row('JS + CSS gzipped (budget <= 170 kB)', `${b.kb} kB in ${b.files} files`);
    }

    if (part('lighthouse')) {
      console.log(
        `\n(c) Lighthouse, mobile throttling at 390x844, cold cache (goals: FCP <= 1.8 s, LCP <= 2.5 s, perf >= 95, a11y 100; entry JS <= 200 kB, no video)${LH_RUNS > 1 ? `, median of ${LH_RUNS} runs` : ''}`,
      );
      const entry = await firstGalleryEntry(base);
      for (const p of ['/home', '/gallery', `/gallery/${entry}`]) {
        const runs: LhFigures[] = [];
        let failure = '';
        let failed = 0;
        // A failed run is run again (twice at most over the page), so the median is over real figures.
        for (let attempt = 0; runs.length < LH_RUNS && attempt < LH_RUNS + 2; attempt++) {
          try {
            runs.push(await lighthouseScores(`${base}${p}`));
          } catch (err) {
            failure = (err as Error).message;
            failed++;
          }
        }
        if (failed) row('', `${failed} run(s) failed and were run again: ${failure}`);
        if (!runs.length) {
          row(`Lighthouse ${p}`, `failed: ${failure}`);
          continue;
        }
        const s = median(runs);
        const each = (k: 'performance' | 'fcp' | 'lcp') => runs.map((r) => r[k]).join(', ');
        row(`Lighthouse ${p}`, `performance ${s.performance}, accessibility ${s.accessibility}, SEO ${s.seo}`);
        row('', `FCP ${s.fcp} ms, LCP ${s.lcp} ms, TBT ${s.tbt} ms, CLS ${s.cls}`);
        row('', `before interaction: JS ${s.jsKb} kB, all ${s.totalKb} kB, video ${s.mediaKb} kB (transferred)`);
        if (runs.length > 1) row('', `each run: performance ${each('performance')}; FCP ${each('fcp')}; LCP ${each('lcp')}`);
        if (s.lcpElement) row('', `LCP element ${s.lcpElement}`);
      }
    }
  } finally {
    for (const child of [app, raw, noop]) if (child) await stop(child);
  }

  for (const extra of ONLY
    ? []
    : ['bench/votes.ts', 'bench/vote-attack.ts', 'bench/uploads.ts', 'bench/transcode.ts', 'bench/startup.ts', 'bench/cluster.ts']) {
    if (!fs.existsSync(path.join(root, extra))) continue;
    console.log(`\n== ${extra} ==`);
    spawnSync(process.execPath, ['--import', 'tsx', extra], { cwd: root, stdio: 'inherit' });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

runMain(main);

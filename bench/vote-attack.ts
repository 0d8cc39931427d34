/**
 * The attacker in the bench (`npx tsx bench/vote-attack.ts`; `npm run bench` runs it too). Two figures, on the
 * real server (SQLite, demo contest, the default voting settings: anonymous voters, base difficulty 2,000,
 * step-up at 30 counted votes per address and 120 per subnet in the hour):
 *
 * 1. A scripted voter from one address that drops its cookie before every vote and solves each challenge as
 *    fast as this machine allows (native SHA-256 on every core, worker threads). It really votes until the
 *    step-up and BENCH_ATTACK_PAST votes past it (default 1), measuring the CPU seconds each solve takes. The
 *    hour is then completed by projection: each further vote's difficulty is what the server asks (it doubles)
 *    and its expected cost is half its range at the measured hash rate, on all cores, ignoring that a challenge
 *    expires after ten minutes (which only helps the defender). Printed: counted votes per hour from one
 *    address and CPU seconds per counted vote past the step-up; then the same hour from the default difficulty
 *    curve alone (`attack-curve.ts`) at the measured hash rate and at BENCH_ATTACK_FASTER (default 16) times it.
 * 2. A person: Chromium with the page's CPU throttled 4x (CDP Emulation.setCPUThrottlingRate), opening an entry
 *    on a fresh server and voting; the time the page's own solver took (`took`, from the vote it sends) over
 *    BENCH_PERSON_RUNS visits (default 7), median printed. Chromium refuses to throttle workers ("Operation is
 *    only supported for pages, not workers"; the bench asks each one and counts), and the solver runs in
 *    workers, so the median is also printed times four: a CPU four times slower in every thread.
 *
 * Figures are printed, never asserted (the machine is shared). BENCH_ATTACK_PORT: first of two ports.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { chromium } from '@playwright/test';
import { encodeSolution, type PowChallenge } from '../common/challenge';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { DEFAULT_POW_BASE, DEFAULT_POW_STEP_UP, DEFAULT_STEP_UP_PER_HOUR, DEFAULT_SUBNET_PER_HOUR } from '../server/src/services/gallery/voting-settings';
import { createTestDatabase } from '../server/test/helpers/databases';
import { votesPerHourOnCurve } from './attack-curve';
import { row, start, stop } from './load';
import { runMain } from './run-main';

const PAST = Number(process.env.BENCH_ATTACK_PAST || 1);
const PERSON_RUNS = Number(process.env.BENCH_PERSON_RUNS || 7);
/** How much faster than the measured solver the projected attacker is (a GPU, a farm of machines on one address). */
const FASTER = Number(process.env.BENCH_ATTACK_FASTER || 16);
const CORES = os.cpus().length;
let port = Number(process.env.BENCH_ATTACK_PORT) || 3450 + Math.floor(Math.random() * 300);

type Server = { base: string; close: () => Promise<void> };

async function server(): Promise<Server> {
  const tdb = await createTestDatabase('sqlite');
  const appPort = port++;
  const env = {
    DATABASE_URL: tdb.url,
    DATA_DIR: tdb.dataDir,
    COOKIE_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DEMO_CONTENT: 'true',
    REDIS_URL: '',
    MEDIA_WORKER: 'off',
    PORT: String(appPort),
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
  };
  const child = await start('server/src/main.ts', env, 'is running at');
  return {
    base: `http://127.0.0.1:${appPort}`,
    close: async () => {
      await stop(child);
      await tdb.drop();
    },
  };
}

/** Solves on every core; resolves with the payload and the CPU seconds the process spent meanwhile. */
async function solveOnAllCores(challenge: PowChallenge): Promise<{ altcha: string; cpuSeconds: number; tries: number }> {
  const before = process.cpuUsage();
  const threads = Array.from(
    { length: CORES },
    (_, i) => new Worker(new URL('./pow-solver-thread.mjs', import.meta.url), { workerData: { challenge, start: i, step: CORES } }),
  );
  try {
    const number = await new Promise<number>((resolve, reject) => {
      let misses = 0;
      for (const t of threads) {
        t.once('message', (n: number | null) => (n !== null ? resolve(n) : ++misses === CORES && reject(new Error('no solution'))));
        t.once('error', reject);
      }
    });
    const altcha = encodeSolution({ ...challenge, number });
    const used = process.cpuUsage(before);
    // The threads stride through the range together, so about `number` hashes were tried in all.
    return { altcha, cpuSeconds: (used.user + used.system) / 1e6, tries: number + 1 };
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

const json = async (res: Response) => (await res.json()) as { code: number; data: unknown };

/** One scripted vote: no cookie (a new voter every time), a fresh challenge, solved, sent. */
async function scriptedVote(base: string, entryId: number) {
  const challenge = (await json(await fetch(`${base}/api/challenge?purpose=vote`))).data as PowChallenge;
  const solved = await solveOnAllCores(challenge);
  const res = await json(
    await fetch(`${base}/api/gallery/entries/${entryId}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ altcha: solved.altcha }),
    }),
  );
  return { counted: res.code === 0, code: res.code, maxnumber: challenge.maxnumber, cpuSeconds: solved.cpuSeconds, tries: solved.tries };
}

async function attacker() {
  const s = await server();
  try {
    const started = performance.now();
    let counted = 0;
    let cpu = 0;
    const past: { maxnumber: number; cpuSeconds: number; tries: number }[] = [];
    let lastMax = 0;
    let base = 0;
    for (let i = 0; past.length < PAST && i < 200; i++) {
      const v = await scriptedVote(s.base, (i % 26) + 1);
      if (!v.counted) throw new Error(`scripted vote refused with ${v.code}`);
      counted++;
      cpu += v.cpuSeconds;
      lastMax = v.maxnumber;
      base ||= v.maxnumber;
      // Past the step-up: a challenge harder than the first one.
      if (v.maxnumber > base) past.push({ maxnumber: v.maxnumber, cpuSeconds: v.cpuSeconds, tries: v.tries });
    }
    const wall = (performance.now() - started) / 1000;
    const free = counted - past.length;
    const pastCpu = past.reduce((a, p) => a + p.cpuSeconds, 0);
    // Hash rate per CPU second, from the expensive solves; a solve is expected to take half its range.
    const rate = past.reduce((a, p) => a + p.tries, 0) / pastCpu;
    const pastTries = past.reduce((a, p) => a + p.maxnumber / 2, 0);
    // The rest of the hour: every core for the remaining wall time, each vote twice as hard as the last.
    let budget = (3600 - wall) * CORES;
    let projected = 0;
    for (let next = lastMax * 2; budget >= next / 2 / rate; next *= 2) {
      budget -= next / 2 / rate;
      projected++;
    }
    row('scripted voter, one address (cookie dropped every vote)', `${CORES} cores, native SHA-256 ${Math.round(rate).toLocaleString('en')} hashes per CPU s`);
    row('  votes before the step-up', `${free} counted, ${(cpu - pastCpu).toFixed(1)} CPU s in all`);
    row(
      '  CPU s per counted vote past the step-up',
      `${(pastCpu / past.length).toFixed(1)} measured (${past.length} vote${past.length === 1 ? '' : 's'}, range ${past.map((p) => p.maxnumber.toLocaleString('en')).join(', ')}); expected ${(pastTries / past.length / rate).toFixed(1)} (goal >= 30)`,
    );
    row(
      '  counted votes per hour per address',
      `${counted + projected} (${counted} cast in ${wall.toFixed(0)} s, ${projected} more projected in the hour; goal <= 40, was ~3,600)`,
    );
    // The same hour from the default difficulty curve alone, for this solver and for one FASTER times faster.
    const curve = {
      powBase: DEFAULT_POW_BASE,
      powStepUp: DEFAULT_POW_STEP_UP,
      stepUpPerHour: DEFAULT_STEP_UP_PER_HOUR,
      subnetPerHour: DEFAULT_SUBNET_PER_HOUR,
    };
    const hashes = rate * CORES;
    const measured = votesPerHourOnCurve(curve, hashes);
    const fast = votesPerHourOnCurve(curve, hashes * FASTER);
    row(
      '  difficulty curve',
      `base ${curve.powBase.toLocaleString('en')}, step-up from ${curve.stepUpPerHour} votes an hour per address (${curve.subnetPerHour} per subnet) to ${curve.powStepUp.toLocaleString('en')}, doubling per vote`,
    );
    row(
      '  counted votes per hour, from the curve',
      `${measured.votes} at the measured ${Math.round(hashes).toLocaleString('en')} hashes/s (${CORES} cores; goal <= 40)`,
    );
    row(
      `  the same for a solver ${FASTER}x faster`,
      `${fast.votes} at ${Math.round(hashes * FASTER).toLocaleString('en')} hashes/s (last vote's difficulty ${fast.lastDifficulty.toLocaleString('en')}; goal <= 40)`,
    );
  } finally {
    await s.close();
  }
}

async function person() {
  const s = await server();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const took: number[] = [];
    let throttledWorkers = 0;
    let refusedWorkers = 0;
    for (let i = 0; i < PERSON_RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The solver runs in dedicated workers: throttle each as it starts (paused until throttled).
      cdp.on('Target.attachedToTarget', async (event: { sessionId: string; targetInfo: { type: string } }) => {
        if (event.targetInfo.type !== 'worker') return;
        const send = (id: number, method: string, params: object) =>
          cdp.send('Target.sendMessageToTarget', { sessionId: event.sessionId, message: JSON.stringify({ id, method, params }) });
        await send(1, 'Emulation.setCPUThrottlingRate', { rate: 4 }).catch(() => undefined);
        await send(2, 'Runtime.runIfWaitingForDebugger', {}).catch(() => undefined);
      });
      // The worker's answer to the throttling command (id 1): a result means it took effect there.
      cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
        const answer = JSON.parse(event.message) as { id?: number; result?: unknown };
        if (answer.id === 1 && answer.result) throttledWorkers++;
        if (answer.id === 1 && !answer.result) refusedWorkers++;
      });
      await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
      const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/vote$/.test(r.url()));
      await page.goto(`${s.base}/en-US/gallery/${i + 1}`);
      await page.getByRole('button', { name: 'Vote', exact: true }).click();
      const body = JSON.parse((await sent).postData() ?? '{}') as { altcha: string };
      took.push((JSON.parse(Buffer.from(body.altcha, 'base64').toString()) as { took: number }).took);
      await context.close();
    }
    took.sort((a, b) => a - b);
    const median = took[Math.floor(took.length / 2)] as number;
    row(
      "a person's challenge, Chromium at 4x CPU throttling",
      `median ${(median / 1000).toFixed(2)} s of solving over ${took.length} visits (${took.map((t) => (t / 1000).toFixed(2)).join(', ')} s); solver workers throttled ${throttledWorkers}, refused by Chromium ${refusedWorkers}`,
    );
    row('  the same, every thread 4x slower', `median ${((median * 4) / 1000).toFixed(2)} s (solved in the background before the click; goal <= 1 s)`);
  } finally {
    await browser.close();
    await s.close();
  }
}

async function main() {
  console.log(`vote attack bench: ${CORES} CPUs, ${PAST} real vote(s) past the step-up, ${PERSON_RUNS} person visits`);
  // BENCH_PERSON_RUNS=0: the attacker alone (no Chromium).
  if (PERSON_RUNS > 0) await person();
  await attacker();
}

runMain(main);

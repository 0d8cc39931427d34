import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ChallengePurpose, PowChallenge } from '../../common/challenge';
import { PHASES_SETTING } from '../../common/settings-keys';
import { buildApp } from '../src/app';
import { createContext } from '../src/bootstrap';
import { type ConfigOverrides, loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { nowIso } from '../src/db/database';
import { upsertJuror } from '../src/db/repos/jury/jurors';
import { readSettings, writeSetting } from '../src/db/repos/settings';
import { startBackground } from '../src/lifecycle';
import { hashPassword } from '../src/services/auth/passwords';
import { createSession } from '../src/services/auth/sessions';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { ENTRY_FILE_NAMES, entryFileSet, type SentFile, testFilm } from './helpers/files';
import { type LogLine, type LogSink, logSink } from './helpers/log-sink';
import { type MailSink, startMailSink } from './helpers/mail-sink';
import { solvePow } from './helpers/pow';
import { api, type Client, listen, uploadFile } from './submission-client';

/**
 * Every suite's factories, in one place: apps on fresh databases, people, entries (submitted through the API,
 * or written with SQL where the entry is only background), mail sinks and the files tests upload (the last
 * two live in helpers/ so e2e and bench can use them without server code). `start*`, `create*`, `insert*`,
 * `make*` return what they made and the test closes it; `use*` and `badInputTally` register their own
 * beforeAll/afterAll in the describe block that calls them.
 */
export { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/databases';
export * from './helpers/files';
export { freePort } from './helpers/free-port';
export { type LogLine, type LogSink, logSink } from './helpers/log-sink';
export * from './helpers/mail-sink';
export { solvePow, wrongSolution } from './helpers/pow';

type Dialect = TestDatabase['name'];
type Database = Pick<TestDatabase, 'url' | 'dataDir'>;

// ---- Apps ----

/** The settings every test context starts from: its own database and data folder, fixed URL and secret. */
function testConfig(db: Database): ConfigOverrides {
  return {
    databaseUrl: db.url,
    dataDir: db.dataDir,
    publicUrl: 'http://contest.test',
    cookieSecret: 'test-secret-0123456789abcdef',
    // Whether the web app is built beside the tests varies (CI runs them before the build): pages are tested
    // unpainted here, with their no-JavaScript copy; the painted pages are tested in the browser (e2e).
    serverRendering: false,
    // No back-pressure: a test shares the app's event loop and blocks it at times (a synchronous ffprobe);
    // ops-pressure.test.ts turns it on.
    pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, retryAfterSeconds: 10, sampleIntervalMs: 1000 },
  };
}

/**
 * A context on `db` from these settings alone (never the shell's environment). No in-process media
 * worker unless a test asks for one (`media: { worker: true }`): tests run jobs themselves.
 */
export function testContext(db: Database, overrides: ConfigOverrides = {}): Promise<AppContext> {
  return createContext(loadConfig({}, { ...testConfig(db), ...overrides, media: { worker: false, ...overrides.media } }));
}

export type AppOptions = {
  /** The app logs at this level into `lines`; silent when absent, as most tests want. */
  logLevel?: 'trace' | 'info';
  /** Where those lines go when the test made the sink itself (to read the text as written); a new one otherwise. */
  logSink?: LogSink;
  /** Changes the context before the app is built on it (a fault drill's injection). */
  adjust?: (ctx: AppContext) => void;
};

export type TestApp = { app: FastifyInstance; ctx: AppContext; db: Database; lines: LogLine[]; close: () => Promise<void> };

/**
 * A real app on a real, fresh database (migrated; demo content seeded unless demoContent: false), its
 * background work started as main.ts starts it. Use with `describe.each(DIALECTS)` so every integration
 * test runs on SQLite and on PostgreSQL.
 */
export async function startTestApp(dialect: Dialect, overrides: ConfigOverrides = {}, opts: AppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(dialect);
  const t = await startAppOn(db, overrides, opts);
  return {
    ...t,
    close: async () => {
      await t.close();
      await db.drop();
    },
  };
}

/** The same on a database the test made itself (behind a proxy, on a small disk): close leaves it to the test. */
export async function startAppOn(db: Database, overrides: ConfigOverrides = {}, opts: AppOptions = {}): Promise<TestApp> {
  const ctx = await testContext(db, overrides);
  opts.adjust?.(ctx);
  const log = opts.logSink ?? logSink();
  const app = await buildApp(ctx, opts.logLevel ? { logger: { level: opts.logLevel, stream: log.stream } } : {});
  await app.ready();
  const background = await startBackground(ctx, app.log);
  return {
    app,
    ctx,
    db,
    lines: log.lines,
    close: async () => {
      await app.close();
      await background.stop();
      await fileCallbacksSettled();
    },
  };
}

/**
 * Resolves once no callback-style file operation of this process is in flight. @tus/file-store makes its
 * folder from its constructor with an `fs.mkdir` nothing can await, and throws from its callback if the
 * folder is gone by then: a test app can start, answer and close before that mkdir has run, and its data
 * folder is deleted right after. Bounded, so an unrelated long read cannot hold a close forever.
 */
async function fileCallbacksSettled(): Promise<void> {
  for (let i = 0; i < 1000 && process.getActiveResourcesInfo().includes('FSReqCallback'); i++) {
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Starts `start()` before the calling block's tests and closes it after them; the object returned now is filled in by then. */
function forBlock<T extends { close: () => Promise<void> }>(start: () => Promise<T>, timeout?: number): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await start());
  }, timeout);
  afterAll(async () => {
    await made.close?.();
  });
  return made;
}

type BlockOptions = AppOptions & { timeout?: number };

/** startTestApp for the tests of the calling describe block (read it in hooks and tests, not while declaring). */
export function useTestApp(dialect: Dialect, overrides: ConfigOverrides = {}, opts: BlockOptions = {}): TestApp {
  return forBlock(() => startTestApp(dialect, overrides, opts), opts.timeout);
}

export type MailedApp = {
  t: TestApp;
  sink: MailSink;
  /** A new client address under `addresses` at each call, so per-address limits answer only where a test wants them. */
  nextIp: () => string;
  /** A POST from the next address. */
  post: (url: string, payload: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
};

/** useTestApp whose mail goes to a real SMTP sink; `failing: true` makes the sink refuse every message (2012). */
export function useMailedApp(
  dialect: Dialect,
  overrides: ConfigOverrides = {},
  opts: BlockOptions & { failing?: boolean; addresses?: string } = {},
): MailedApp {
  const sink = forBlock(() => startMailSink({ failing: opts.failing }), opts.timeout);
  const t = forBlock(() => startTestApp(dialect, { smtpUrl: sink.url, ...overrides }, opts), opts.timeout);
  let ip = 0;
  const nextIp = () => `${opts.addresses ?? '10.0'}.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post: MailedApp['post'] = (url, payload, headers = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });
  return { t, sink, nextIp, post };
}

/**
 * The accounts suites count the bad inputs they try and how many the product accepted (their acceptance asks
 * for the numbers), printed as `[label] bad inputs tried: N, accepted: M` when the calling block ends.
 */
export function badInputTally(label: string): { tried: number; accepted: number } {
  const tally = { tried: 0, accepted: 0 };
  afterAll(() => console.log(`[${label}] bad inputs tried: ${tally.tried}, accepted: ${tally.accepted}`));
  return tally;
}

// ---- People ----

let users = 0;

/** Inserts a user straight into the database (for tests of other areas); returns its id and a bearer token. */
export async function createTestUser(
  ctx: AppContext,
  opts: { email?: string; password?: string; verified?: boolean; role?: 'user' | 'admin' | 'juror'; locale?: string; disabled?: boolean } = {},
): Promise<{ id: number; email: string; password: string; token: string }> {
  users++;
  const email = opts.email ?? `user${users}-${Date.now()}@example.test`;
  const password = opts.password ?? 'Passw0rd!x';
  const now = nowIso();
  const row = await ctx.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      role: opts.role ?? 'user',
      locale: opts.locale ?? 'zh-CN',
      verified_at: opts.verified === false ? null : now,
      disabled_at: opts.disabled ? now : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(ctx.db, ctx.config, row.id);
  return { id: row.id, email, password, token };
}

/**
 * A juror as background (for a test whose subject is not the invitation, such as the authorisation matrix):
 * a juror account and its jurors row, scoped to `group` (null: every group).
 */
export async function createTestJuror(ctx: AppContext, opts: { group?: 'open' | 'student' | null; disabled?: boolean } = {}) {
  const user = await createTestUser(ctx, { role: 'juror', disabled: opts.disabled });
  await upsertJuror(ctx.db, { user_id: user.id, jury_member_id: null, group_scope: opts.group ?? null, invited_by: user.id, invited_at: nowIso() });
  return user;
}

/** Moves every unspent e-mail token of `purpose` past its expiry, as if its link had waited too long. */
export function expireAccountTokens(ctx: AppContext, purpose: 'verify' | 'reset') {
  return ctx.db
    .updateTable('account_tokens')
    .set({ expires_at: '2000-01-01T00:00:00.000Z' })
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export type Entrant = Client & { id: number; email: string };

/** A verified person who can submit (the account is background here; the accounts area tests registration). */
export async function newEntrant(t: TestApp, base: string, locale = 'en-US'): Promise<Entrant> {
  const user = await createTestUser(t.ctx, { verified: true, locale });
  return { base, token: user.token, id: user.id, email: user.email };
}

// ---- Entries ----

/**
 * Entries the way the product makes them: a signed-in, verified person uploads the five files through the
 * real tus protocol and posts the entry form. Tests of an entry's flow (review, files, votes, media) start
 * from one of these; insertEntry is for tests whose subject is not the entry (a job row, an id to aim at).
 */
export const ENTRY_FORM = {
  title: 'The Call From Nowhere',
  description: 'A grandmother receives a call from a "police officer" and nearly wires her savings away.',
  team: 'Lantern Films',
  teamDesc: 'Three film students from Hangzhou.',
  slogan: 'Hang up, call back',
  group: 'open' as string,
  confirmRules: true,
};

export type EntryForm = typeof ENTRY_FORM;
export type SubmittedEntry = { id: number; submissionNo: string; title: string; files: Record<string, SentFile>; owner: Entrant };

/**
 * Makes a test app ready to take entries: listening on a port (tus is real HTTP) with the submission window
 * open now, or with `closed: true` not open yet (it opens tomorrow). The other phases (voting...) are kept as
 * they are. Returns the base URL; safe to call again to open or close the window.
 */
export async function openSubmissions(t: TestApp, opts: { closed?: boolean } = {}): Promise<string> {
  const phases = ((await readSettings(t.ctx.db))[PHASES_SETTING] ?? {}) as Record<string, unknown>;
  const day = 86_400_000;
  const start = Date.now() + (opts.closed ? day : -day);
  const submission = { start: new Date(start).toISOString(), end: new Date(start + 2 * day).toISOString() };
  await writeSetting(t.ctx.db, PHASES_SETTING, { ...phases, submission });
  return listen(t);
}

/** The five files of an entry through tus (`names`: what the browser would send); fails the test if one is refused. */
async function sendEntryFiles(owner: Client, film: Buffer, names: Record<string, string> = {}): Promise<Record<string, SentFile>> {
  const files: Record<string, SentFile> = {};
  for (const [purpose, data] of await entryFileSet(film)) {
    const name = names[purpose] ?? ENTRY_FILE_NAMES[purpose];
    const res = await uploadFile(owner, purpose, data, name);
    expect(res.status, `${purpose}: ${JSON.stringify(res.body)}`).toBe(200);
    files[purpose] = { id: res.id as string, data, name, url: res.body.data?.url ?? null };
  }
  return files;
}

/** The upload ids of a complete entry's five files by purpose (film: testFilm()), for a test that posts the form itself. */
export async function uploadEntryFiles(owner: Client, film?: Buffer): Promise<Record<string, string>> {
  const files = await sendEntryFiles(owner, film ?? (await testFilm()));
  return Object.fromEntries(Object.entries(files).map(([purpose, f]) => [purpose, f.id]));
}

/**
 * Submits an entry through the API: five tus uploads (the film defaults to testFilm(); `names` are the
 * file names the browser would send), then POST /api/entries. Fails the test if the product refuses.
 */
export async function submitEntry(
  owner: Entrant,
  opts: { form?: Partial<EntryForm>; film?: Buffer; names?: Record<string, string>; answers?: Record<string, unknown> } = {},
): Promise<SubmittedEntry> {
  const files = await sendEntryFiles(owner, opts.film ?? (await testFilm()), opts.names);
  const form = { ...ENTRY_FORM, ...opts.form };
  const uploads = Object.fromEntries(Object.entries(files).map(([purpose, f]) => [purpose, f.id]));
  const res = await api(owner, 'POST', '/api/entries', { ...form, uploads, answers: opts.answers ?? {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id, submissionNo: res.body.data.submissionNo, title: form.title, files, owner };
}

/** A file answering one of the organiser's file fields (a student ID card), through tus: its upload id. */
export async function uploadFieldFile(owner: Client, data: Buffer, name = 'student-id.jpg'): Promise<string> {
  const res = await uploadFile(owner, 'fieldFile', data, name);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.id as string;
}

let entries = 0;

/** Writes an entry row as a completed submission leaves it, without its files (background only, see above). */
export async function insertEntry(
  ctx: AppContext,
  userId: number,
  opts: { status?: string; group?: string; title?: string; locale?: string; createdAt?: string } = {},
): Promise<number> {
  entries++;
  const now = opts.createdAt ?? nowIso();
  const row = await ctx.db
    .insertInto('entries')
    .values({
      user_id: userId,
      submission_no: `T${Date.now().toString(36)}-${process.pid}-${entries}`,
      status: opts.status ?? 'pending',
      group: opts.group ?? 'open',
      title: opts.title ?? `作品 ${entries}`,
      description: '简介',
      team: `团队 ${entries}`,
      team_desc: '',
      slogan: '',
      cover_url: `/media/covers/${entries}.jpg`,
      vote_count: 0,
      locale: opts.locale ?? 'zh-CN',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- Challenges ----

/** A `purpose` challenge as a browser fetches it (GET /api/challenge, from `ip`), solved: a form's `altcha`. */
export async function solvedChallenge(t: Pick<TestApp, 'app'>, purpose: ChallengePurpose, ip = '127.0.0.1'): Promise<string> {
  const res = await t.app.inject({ url: `/api/challenge?purpose=${purpose}`, remoteAddress: ip });
  return solvePow(res.json().data as PowChallenge).altcha;
}

/** POST /api/auth/register's body as the register page sends it: the fields and a solved `register` challenge. */
export async function registerBody<T extends object>(t: Pick<TestApp, 'app'>, fields: T, ip?: string): Promise<T & { altcha: string }> {
  return { ...fields, altcha: await solvedChallenge(t, 'register', ip) };
}

// ---- Votes ----

/** A vote's body as a browser sends it: a vote challenge fetched for `ip` from the API, solved. */
export async function solvedVote(t: Pick<TestApp, 'app'>, ip: string): Promise<{ altcha: string }> {
  const challenge = (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
  return { altcha: solvePow(challenge).altcha };
}

/** The console's body for a news item published a second ago, titled `en` in English and `zh` in Chinese. */
export function publishedNews(en: string, zh: string) {
  const texts = (title: string) => ({ title, summary: 's', body: '<p>b</p>' });
  return {
    category: 'announcement',
    coverUrl: '/media/seed/news-1.jpg',
    publishedAt: new Date(Date.now() - 1000).toISOString(),
    status: 'published',
    sort: 0,
    i18n: { 'zh-CN': texts(zh), 'zh-TW': {}, 'en-US': texts(en) },
  };
}

export { setLoadTestVoting } from './helpers/load-test-voting';

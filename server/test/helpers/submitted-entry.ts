import fs from 'node:fs';
import { expect } from 'vitest';
import { readSettings, writeSetting } from '../../src/db/repos/settings';
import { PHASES_SETTING } from '../../src/services/contest/contest-info';
import { api, type Client, entryFileSet, listen, uploadFile } from '../submission-client';
import { fixtureDir, makeVideo } from '../submission-fixtures';
import type { TestApp } from './test-app';
import { createTestUser } from './users';

/**
 * Entries the way the product makes them: a signed-in, verified person uploads the five files through the
 * real tus protocol and posts the entry form. Tests of an entry's flow (review, files, votes, media) start
 * from one of these, never from a row written with SQL.
 */
export const ENTRY_FORM = {
  title: 'The Call From Nowhere',
  description: 'A grandmother receives a call from a "police officer" and nearly wires her savings away.',
  team: 'Lantern Films',
  teamDesc: 'Three film students from Hangzhou.',
  slogan: 'Hang up, call back',
  group: 'open' as 'open' | 'student',
  confirmRules: true,
};

export type EntryForm = typeof ENTRY_FORM;
/** One uploaded file of the entry: its upload id, the bytes sent, the name given, and the public URL of a normalised image. */
export type SentFile = { id: string; data: Buffer; name: string; url: string | null };
export type SubmittedEntry = { id: number; submissionNo: string; title: string; files: Record<string, SentFile>; owner: Entrant };
export type Entrant = Client & { id: number; email: string };

const NAMES: Record<string, string> = {
  teamLogo: 'logo.png',
  cover: 'cover.jpg',
  videoCover: 'still.jpg',
  video: 'film.mp4',
  empower: 'authorisation.zip',
};

let film: Buffer | undefined;

/** A 2 s 1920x1080 H.264 film (what the submission checks accept), made once per test file. */
export function testFilm(): Buffer {
  if (!film) {
    const dir = fixtureDir();
    try {
      film = fs.readFileSync(makeVideo(dir, 'film.mp4', { width: 1920, height: 1080, seconds: 2 }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return film;
}

/**
 * Makes a test app ready to take entries: listening on a port (tus is real HTTP) with the submission window
 * open now. The other phases (voting...) are kept as they are. Returns the base URL.
 */
export async function openSubmissions(t: TestApp): Promise<string> {
  const phases = ((await readSettings(t.ctx.db))[PHASES_SETTING] ?? {}) as Record<string, unknown>;
  const now = Date.now();
  const submission = { start: new Date(now - 86_400_000).toISOString(), end: new Date(now + 86_400_000).toISOString() };
  await writeSetting(t.ctx.db, PHASES_SETTING, { ...phases, submission });
  return listen(t);
}

/** A verified person who can submit (the account is background here; the accounts area tests registration). */
export async function newEntrant(t: TestApp, base: string, locale = 'en-US'): Promise<Entrant> {
  const user = await createTestUser(t.ctx, { verified: true, locale });
  return { base, token: user.token, id: user.id, email: user.email };
}

/**
 * Submits an entry through the API: five tus uploads (the film defaults to testFilm(); `names` are the
 * file names the browser would send), then POST /api/entries. Fails the test if the product refuses.
 */
export async function submitEntry(
  owner: Entrant,
  opts: { form?: Partial<EntryForm>; film?: Buffer; names?: Record<string, string> } = {},
): Promise<SubmittedEntry> {
  const files: Record<string, SentFile> = {};
  for (const [purpose, data] of await entryFileSet(opts.film ?? testFilm())) {
    const name = opts.names?.[purpose] ?? (NAMES[purpose] as string);
    const res = await uploadFile(owner, purpose, data, name);
    expect(res.status, `${purpose}: ${JSON.stringify(res.body)}`).toBe(200);
    files[purpose] = { id: res.id as string, data, name, url: res.body.data?.url ?? null };
  }
  const form = { ...ENTRY_FORM, ...opts.form };
  const uploads = Object.fromEntries(Object.entries(files).map(([purpose, f]) => [purpose, f.id]));
  const res = await api(owner, 'POST', '/api/entries', { ...form, uploads });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id, submissionNo: res.body.data.submissionNo, title: form.title, files, owner };
}

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import type { AccountExport } from '../../common/privacy';
import { mediaPaths } from '../src/services/media/paths';
import {
  createTestUser,
  DIALECTS,
  type Entrant,
  linkIn,
  makeImage,
  newEntrant,
  openSubmissions,
  registerBody,
  type SubmittedEntry,
  solvedVote,
  solvePow,
  submitEntry,
  type TestApp,
  uploadFieldFile,
  useMailedApp,
} from './factories';
import { runUntilSettled, testSettings } from './media-helpers';

const PASSWORD = 'Harbour!2026x';

/** Every value of every text column of every table (listed by Kysely's introspection), lower-cased, with where it was. */
async function everyText(t: TestApp): Promise<{ where: string; value: string }[]> {
  const out: { where: string; value: string }[] = [];
  for (const table of await t.ctx.db.introspection.getTables()) {
    const columns = table.columns.filter((c) => /char|text|json|clob/i.test(c.dataType)).map((c) => c.name);
    if (columns.length === 0) continue;
    // biome-ignore lint/suspicious/noExplicitAny: a table read by its introspected name.
    const rows = (await (t.ctx.db as any).selectFrom(table.name).select(columns).execute()) as Record<string, unknown>[];
    for (const row of rows) {
      for (const c of columns) if (typeof row[c] === 'string') out.push({ where: `${table.name}.${c}`, value: (row[c] as string).toLowerCase() });
    }
  }
  return out;
}

/** The files on disk an entry's uploads and film left: originals, public images, renditions. */
function filesOf(t: TestApp, entry: SubmittedEntry, rendition: string | null): string[] {
  const { dataDir } = t.ctx.config;
  // Images keep only their normalised copy; the film and the package keep their originals.
  const originals = Object.values(entry.files).flatMap((f) => (f.url ? [] : [path.join(dataDir, 'uploads', f.id)]));
  const images = Object.values(entry.files).flatMap((f) => (f.url ? [path.join(dataDir, f.url.replace(/^\/media\//, 'media/'))] : []));
  return [...originals, ...images, ...(rendition ? [path.join(mediaPaths(dataDir).renditions, rendition)] : [])];
}

/**
 * The right of access and of erasure: an entrant registered and verified through the API, with an entry
 * submitted through tus and the form (with answers to two organiser fields, one a private file), approved in the
 * console, voted for through the vote endpoint and a
 * message sent through the contact form, downloads everything the site holds about them, then deletes their
 * account. Afterwards no text column of any table names them, their files are gone from disk, the votes and
 * the contest's record of the entry stay, and the erasure is on the organiser's record. The organiser's
 * erasure from the console is the same service, audited with the organiser's id; refusals are catalogued.
 */
describe.each(DIALECTS)('privacy: export and erasure on %s', (dialect) => {
  const { t, sink, post } = useMailedApp(dialect, {}, { timeout: 120_000 });
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  let base: string;
  /** The keys of the organiser's two fields: a crew list (names, e-mails) and a private file (an ID card). */
  let crewKey: string;
  let cardKey: string;
  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' }, ...(payload ? { payload: payload as object } : {}) });
  const approve = async (id: number) => expect((await as(admin.token, 'POST', `/api/admin/entries/${id}/approve`)).json().code).toBe(0);
  const vote = async (entryId: number, ip: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/gallery/entries/${entryId}/vote`,
      remoteAddress: ip,
      headers,
      payload: await solvedVote(t, ip),
    });
    expect(res.json().code, res.body).toBe(0);
  };
  const setVoterMode = async (voterMode: string) => {
    const settings = { ...(await as(admin.token, 'GET', '/api/admin/settings')).json().data, organiserEmail: 'organiser@example.test', voterMode };
    const res = await as(admin.token, 'PUT', '/api/admin/settings', settings);
    expect(res.json().code, res.body).toBe(0);
  };
  const entryRow = (id: number) => t.ctx.db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const voteRows = async (id: number) => (await t.ctx.db.selectFrom('votes').select('id').where('entry_id', '=', id).execute()).length;

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    base = await openSubmissions(t);
    // The organiser asks every entrant for their crew and, optionally, an ID card (console API).
    const label = (en: string) => ({ 'zh-CN': en, 'zh-TW': en, 'en-US': en });
    const field = async (body: object) => {
      const res = await as(admin.token, 'POST', '/api/admin/entry-fields', { visibleToJurors: false, ...body });
      expect(res.json().code, res.body).toBe(0);
      return res.json().data.key as string;
    };
    crewKey = await field({ type: 'teamMembers', label: label('Crew'), limits: { minItems: 1, maxItems: 3 } });
    cardKey = await field({ type: 'file', label: label('ID card') });
  }, 60_000);

  describe('the entrant', () => {
    const email = `lin.harbour.${dialect}@example.test`;
    const team = 'Quiet Harbour Collective';
    const teamDesc = 'Two sisters from Ningbo filming their grandmother';
    const crew = { name: 'Lin Harbourson', role: 'Director', email: 'lin.crew.harbour@example.test' };
    const cardName = 'harbour-id-card-lin.jpg';
    const names = {
      teamLogo: 'harbour-logo-lin.png',
      cover: 'harbour-cover-lin.jpg',
      videoCover: 'harbour-still-lin.jpg',
      video: 'harbour-film-lin.mp4',
      empower: 'harbour-authorisation-lin.zip',
    };
    let entrant: Entrant;
    let entry: SubmittedEntry;
    let rendition: string | null;
    let cardFile: string;

    beforeAll(async () => {
      const registered = await post('/api/auth/register', await registerBody(t, { email, password: PASSWORD, confirmPassword: PASSWORD }));
      expect(registered.statusCode, registered.body).toBe(201);
      const verified = await t.app.inject({ url: new URL(linkIn(sink.to(email)[0])).pathname + new URL(linkIn(sink.to(email)[0])).search });
      expect(verified.statusCode).toBe(302);
      const login = await post('/api/auth/login', { email, password: PASSWORD });
      expect(login.json().code, login.body).toBe(0);
      const user = (await as(login.json().data.token, 'GET', '/api/currentUser')).json().data;
      entrant = { base, token: login.json().data.token, id: user.id, email };

      const card = await uploadFieldFile(entrant, await makeImage(856, 540, 'jpeg'), cardName);
      entry = await submitEntry(entrant, { form: { team, teamDesc, title: 'The Harbour Call' }, names, answers: { [crewKey]: [crew], [cardKey]: card } });
      cardFile = path.join(t.ctx.config.dataDir, 'uploads', card);
      rendition = (await runUntilSettled(t.ctx, entry.id, testSettings())).output;
      await approve(entry.id);
      await vote(entry.id, '198.51.100.31');
      await vote(entry.id, '198.51.100.32');
      // A vote the entrant casts as a signed-in voter: part of their data too.
      await setVoterMode('account');
      await vote(entry.id, '198.51.100.33', { authorization: `Bearer ${entrant.token}` });
      await setVoterMode('anonymous');

      const c = (await t.app.inject({ url: '/api/challenge?purpose=contact', remoteAddress: '192.0.2.41' })).json().data as PowChallenge;
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '192.0.2.41',
        payload: { content: `Is my film in? ${team}`, name: 'Lin', email: email.toUpperCase(), altcha: solvePow(c).altcha },
      });
      expect(contact.json().code, contact.body).toBe(0);
    }, 120_000);

    it('downloads everything the account owns as a JSON attachment', async () => {
      const res = await as(entrant.token, 'GET', '/api/account/export');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json() as AccountExport;
      expect(data.account).toMatchObject({ id: entrant.id, email, role: 'user', locale: expect.any(String) });
      expect(data.account.verifiedAt).not.toBeNull();
      expect(data.entries).toHaveLength(1);
      expect(data.entries[0]).toMatchObject({
        id: entry.id,
        submissionNo: entry.submissionNo,
        status: 'approved',
        team,
        teamDesc,
        title: 'The Harbour Call',
        voteCount: 3,
      });
      expect(data.entries[0]?.entryNo).toEqual(expect.any(Number));
      expect(data.entries[0]?.reviews.map((r) => r.action)).toEqual(['approve']);
      expect(JSON.stringify(data.entries[0]?.reviews)).not.toContain(admin.email); // the owner is not told who reviewed
      // The answers to the organiser's fields, and the field file among the files.
      expect(data.entries[0]?.answers).toEqual([
        expect.objectContaining({ key: crewKey, value: [crew] }),
        expect.objectContaining({ key: cardKey, type: 'file' }),
      ]);
      expect(data.files.map((f) => f.originalName).sort()).toEqual([...Object.values(names), cardName].sort());
      expect(data.files.every((f) => f.size > 0)).toBe(true);
      expect(data.files.find((f) => f.originalName === cardName)).toMatchObject({ purpose: 'fieldFile', type: 'jpeg' });
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(data.sessions)).not.toMatch(/digest|token/i);
      expect(data.contactMessages).toEqual([expect.objectContaining({ content: `Is my film in? ${team}`, email: email.toUpperCase() })]);
      expect(data.votes).toEqual([expect.objectContaining({ entryId: entry.id, title: 'The Harbour Call' })]);
      // Nobody else's export: a stranger's holds none of it.
      const stranger = await createTestUser(t.ctx);
      const theirs = (await as(stranger.token, 'GET', '/api/account/export')).json() as AccountExport;
      expect([theirs.entries, theirs.files, theirs.contactMessages, theirs.votes]).toEqual([[], [], [], []]);
      // Signed out: refused.
      expect((await t.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
    });

    it('refuses a deletion with the wrong password and changes nothing', async () => {
      const res = await as(entrant.token, 'POST', '/api/account/delete', { password: 'Wrong!pass1' });
      expect([res.statusCode, res.json().code]).toEqual([400, 1106]);
      expect(res.json().data.fields).toHaveProperty('password');
      expect((await entryRow(entry.id)).team).toBe(team);
      expect((await as(entrant.token, 'GET', '/api/currentUser')).statusCode).toBe(200);
    });

    it('deletes the account: no personal data remains, files are gone, the record and the votes stay, audited', async () => {
      const files = [...filesOf(t, entry, rendition), cardFile];
      expect(files.filter((f) => fs.existsSync(f))).toEqual(files); // all there before
      expect(files).toHaveLength(7);
      const before = await entryRow(entry.id);
      const votesBefore = await voteRows(entry.id);

      const res = await as(entrant.token, 'POST', '/api/account/delete', { password: PASSWORD });
      expect(res.json(), res.body).toMatchObject({ code: 0, data: { entries: 1, files: 6, contactMessages: 1 } });
      expect(res.json().data.sessions).toBeGreaterThanOrEqual(1);

      // Signed out everywhere, and the address and password no longer sign in.
      expect((await as(entrant.token, 'GET', '/api/currentUser')).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email, password: PASSWORD })).json().code).toBe(1005); // no such account any more

      // Nothing names them in any table.
      const needles = [email, team, teamDesc, crew.name, crew.email, cardName, ...Object.values(names)].map((n) => n.toLowerCase());
      const found = (await everyText(t)).filter((c) => needles.some((n) => c.value.includes(n)));
      expect(found).toEqual([]);
      expect(files.filter((f) => fs.existsSync(f))).toEqual([]);

      // The contest's record and the votes stay.
      const after = await entryRow(entry.id);
      expect(after).toMatchObject({ status: 'withdrawn', entry_no: before.entry_no, title: before.title, group: before.group, award: before.award });
      expect(after.vote_count).toBe(3);
      expect(await voteRows(entry.id)).toBe(votesBefore);
      expect((await t.app.inject({ url: `/api/gallery/entries/${entry.id}` })).json().code).toBe(2100);

      // Audited as a self-deletion.
      const record = (await as(admin.token, 'GET', '/api/admin/erasures')).json().data;
      expect(record.items).toContainEqual(
        expect.objectContaining({ userId: entrant.id, by: null, counts: expect.objectContaining({ entries: 1, files: 6, contactMessages: 1 }) }),
      );
      // The console cannot erase it twice.
      const again = await as(admin.token, 'POST', `/api/admin/users/${entrant.id}/erase`, {
        email: (await t.ctx.db.selectFrom('users').select('email').where('id', '=', entrant.id).executeTakeFirstOrThrow()).email,
      });
      expect(again.json().code).toBe(1203);
    });
  });

  it('limits downloads to five a quarter of an hour per address (1202)', async () => {
    const user = await createTestUser(t.ctx);
    const download = () =>
      t.app.inject({ url: '/api/account/export', remoteAddress: '203.0.113.99', headers: { authorization: `Bearer ${user.token}`, 'x-locale': 'en-US' } });
    for (let i = 0; i < 5; i++) expect((await download()).statusCode).toBe(200);
    const sixth = await download();
    expect([sixth.statusCode, sixth.json().code]).toEqual([429, 1202]);
  });

  describe('the organiser', () => {
    let person: Entrant;
    let entry: SubmittedEntry;
    const team = `Lantern Crew of ${dialect}`;

    beforeAll(async () => {
      person = await newEntrant(t, base);
      entry = await submitEntry(person, { form: { team, teamDesc: 'A night-shift nurse and her son' }, names: { video: `lantern-night-${dialect}.mp4` } });
      await approve(entry.id);
      await vote(entry.id, '203.0.113.51');
    }, 90_000);

    it('refuses a non-admin, a mistyped address, and an organiser or juror deleting themselves', async () => {
      const user = await createTestUser(t.ctx);
      const byUser = await as(user.token, 'POST', `/api/admin/users/${person.id}/erase`, { email: person.email });
      expect([byUser.statusCode, byUser.json().code]).toEqual([403, 1010]);
      expect((await as(user.token, 'GET', '/api/admin/erasures')).statusCode).toBe(403);

      const typo = await as(admin.token, 'POST', `/api/admin/users/${person.id}/erase`, { email: `x${person.email}` });
      expect([typo.statusCode, typo.json().code]).toEqual([400, 1201]);
      expect(typo.json().data.fields).toHaveProperty('email');

      const self = await as(admin.token, 'POST', '/api/account/delete', { password: admin.password });
      expect([self.statusCode, self.json().code]).toEqual([409, 1200]);
      const otherAdmin = await createTestUser(t.ctx, { role: 'admin' });
      expect((await as(admin.token, 'POST', `/api/admin/users/${otherAdmin.id}/erase`, { email: otherAdmin.email })).json().code).toBe(1200);
      const juror = await createTestUser(t.ctx, { role: 'juror' });
      expect((await as(juror.token, 'POST', '/api/account/delete', { password: juror.password })).json().code).toBe(1200);
      expect((await entryRow(entry.id)).team).toBe(team);
    });

    it('erases a person from the console: the same erasure, recorded with the organiser', async () => {
      const files = filesOf(t, entry, null);
      const res = await as(admin.token, 'POST', `/api/admin/users/${person.id}/erase`, { email: person.email.toUpperCase() });
      expect(res.json(), res.body).toMatchObject({ code: 0, data: { entries: 1, files: 5 } });
      const needles = [person.email, team, `lantern-night-${dialect}.mp4`].map((n) => n.toLowerCase());
      expect((await everyText(t)).filter((c) => needles.some((n) => c.value.includes(n)))).toEqual([]);
      expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
      expect((await entryRow(entry.id)).vote_count).toBe(1);
      const record = (await as(admin.token, 'GET', '/api/admin/erasures')).json().data;
      expect(record.items[0]).toMatchObject({ userId: person.id, by: { id: admin.id, email: admin.email }, counts: { entries: 1, files: 5 } });
      expect((await as(person.token, 'GET', '/api/currentUser')).statusCode).toBe(401);
    });
  });
});

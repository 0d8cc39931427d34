import { describe, expect, it } from 'vitest';
import { RESULTS_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { mailNextResult } from '../src/services/jury/results';
import { createTestUser, DIALECTS, type Entrant, newEntrant, openSubmissions, submitEntry, useMailedApp } from './factories';

/**
 * The results mails go out in the background, on each database: publishing answers at once however slow the
 * SMTP server is (hundreds of entrants used to hold the organiser's request for minutes), each entrant is
 * mailed once, and a refused mail neither blocks the others nor gets lost. Entries are submitted and approved through the API; the mails are read from a real SMTP sink.
 */
describe.each(DIALECTS)('results mails on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false }, { timeout: 180_000, logLevel: 'info' });
  const ctx = () => m.t.ctx;

  async function call(method: 'GET' | 'POST', url: string, token: string) {
    const res = await m.t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, remoteAddress: m.nextIp() });
    expect(res.json().code, `${method} ${url}: ${res.body}`).toBe(0);
    return res.json().data as { publishedAt: string | null; mailed: number; toMail: number };
  }
  const state = (token: string) => call('GET', '/api/admin/jury/results', token);

  /** Entrants in three locales, each with an entry submitted and approved through the API. */
  async function approvedEntrants(admin: string, tag: string): Promise<Entrant[]> {
    const base = await openSubmissions(m.t);
    const entrants: Entrant[] = [];
    for (const [i, locale] of (['en-US', 'zh-TW', 'zh-CN'] as const).entries()) {
      const owner = await newEntrant(m.t, base, locale);
      const entry = await submitEntry(owner, { form: { title: `${tag} ${i + 1}`, team: `Team ${tag}`, group: 'open' } });
      await call('POST', `/api/admin/entries/${entry.id}/approve`, admin);
      entrants.push(owner);
    }
    return entrants;
  }
  /** The results mails (they link to the results page) the entrants got, not their submission receipts. */
  const resultsMailsTo = (entrants: Entrant[]) => entrants.flatMap((e) => m.sink.to(e.email).filter((mail) => mail.text.includes('/results')));

  it('publishing answers while the SMTP server holds every mail; each entrant is then mailed once, in their locale', async () => {
    const admin = (await createTestUser(ctx(), { role: 'admin' })).token;
    const entrants = await approvedEntrants(admin, 'Held');
    const before = resultsMailsTo(entrants).length;
    const release = m.sink.hold();
    try {
      // Two publishes at once (a double click), both answered while the first mail waits at the SMTP server.
      const both = await Promise.all([0, 1].map(() => call('POST', '/api/admin/jury/results/publish', admin)));
      for (const s of both) expect(s).toMatchObject({ publishedAt: expect.any(String), mailed: 0, toMail: 3 });
      expect(resultsMailsTo(entrants).length).toBe(before);
    } finally {
      release();
    }
    await expect.poll(() => state(admin), { timeout: 30_000 }).toMatchObject({ mailed: 3, toMail: 0 });
    const mails = resultsMailsTo(entrants).slice(before);
    expect(mails.map((mail) => mail.to.join(',')).sort()).toEqual(entrants.map((e) => e.email.toLowerCase()).sort());
    expect(m.sink.to(entrants[0]?.email as string).at(-1)?.subject).toContain('the results are out');
    expect(m.sink.to(entrants[2]?.email as string).at(-1)?.subject).toContain('评选结果已公布');
    // Publishing again mails nobody twice.
    expect(await call('POST', '/api/admin/jury/results/publish', admin)).toMatchObject({ mailed: 3, toMail: 0 });
    expect(resultsMailsTo(entrants).length - before).toBe(3);

    // An entry approved after publishing is not in the published results: its entrant waits for the next publish.
    const late = await newEntrant(m.t, await openSubmissions(m.t), 'en-US');
    const lateEntry = await submitEntry(late, { form: { title: 'Held late', team: 'Team Late', group: 'open' } });
    await call('POST', `/api/admin/entries/${lateEntry.id}/approve`, admin);
    expect(await mailNextResult(ctx(), (err) => expect.fail(String(err)))).toBe(false);
    expect(await state(admin)).toMatchObject({ mailed: 3, toMail: 0 });
    expect(await call('POST', '/api/admin/jury/results/publish', admin)).toMatchObject({ mailed: 3, toMail: 1 });
    await expect.poll(() => state(admin), { timeout: 30_000 }).toMatchObject({ mailed: 4, toMail: 0 });
    expect(resultsMailsTo([late])).toHaveLength(1);
  });

  it('a refused mail is logged and kept for later while the rest go out; once its claim is stale it is sent', async () => {
    const admin = (await createTestUser(ctx(), { role: 'admin' })).token;
    await call('POST', '/api/admin/jury/results/unpublish', admin);
    const entrants = await approvedEntrants(admin, 'Refused');
    const mailedBefore = (await state(admin)).mailed;
    const errorsBefore = m.t.lines.filter((l) => l.msg.startsWith('results mail not sent')).length;
    m.sink.refuse(true);
    try {
      expect(await call('POST', '/api/admin/jury/results/publish', admin)).toMatchObject({ toMail: 3 });
      // Every one was tried (a refusal does not stop the rest) and none counts as sent.
      await expect.poll(() => m.t.lines.filter((l) => l.msg.startsWith('results mail not sent')).length - errorsBefore, { timeout: 30_000 }).toBe(3);
      expect(await state(admin)).toMatchObject({ mailed: mailedBefore, toMail: 3 });
    } finally {
      m.sink.refuse(false);
    }
    expect(resultsMailsTo(entrants)).toHaveLength(0);
    // Ten minutes later (the claims aged in the ledger) the mailer sends them, each once.
    await ctx()
      .db.updateTable('results_mailings')
      .set({ claimed_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('sent_at', 'is', null)
      .execute();
    await call('POST', '/api/admin/jury/results/publish', admin);
    await expect.poll(() => state(admin), { timeout: 30_000 }).toMatchObject({ mailed: mailedBefore + 3, toMail: 0 });
    expect(resultsMailsTo(entrants)).toHaveLength(3);
  });

  it('an older snapshot listing who was mailed: they are not mailed again, and an id whose entry is gone is skipped', async () => {
    const admin = (await createTestUser(ctx(), { role: 'admin' })).token;
    await call('POST', '/api/admin/jury/results/unpublish', admin);
    const entrants = await approvedEntrants(admin, 'Legacy');
    const ids = (await ctx().db.selectFrom('entries').select('id').where('title', 'like', 'Legacy %').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toHaveLength(3);
    // What a release before the ledger kept: the list in the snapshot, here with an entry deleted since.
    await writeSetting(ctx().db, RESULTS_SETTING, { publishedAt: null, groups: [], mailed: [ids[0], 999_999] });
    const mailedBefore = (await state(admin)).mailed;
    expect(await call('POST', '/api/admin/jury/results/publish', admin)).toMatchObject({ mailed: mailedBefore + 1, toMail: 2 });
    await expect.poll(() => state(admin), { timeout: 30_000 }).toMatchObject({ mailed: mailedBefore + 3, toMail: 0 });
    expect(resultsMailsTo(entrants.slice(0, 1))).toHaveLength(0);
    expect(resultsMailsTo(entrants.slice(1))).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { mailNextResult } from '../src/services/jury/results';
import { runNoticeRound } from '../src/services/notices/notice-mailer';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, submitEntry, useMailedApp } from './factories';
import { noticeClient as client, type Data } from './helpers/notice-client';

/**
 * Announcements and the failure cap, on each database: an editor's announcement to one group reaches that
 * group alone, each person in their locale (zh-CN when the organiser left theirs empty); an address the SMTP
 * server refuses is tried three times, then listed with the server's answer and never tried a fourth time;
 * the results mails keep to the same cap and land in the same list. Entries go through the submission API.
 */
const text = (subject: string, body: string) => ({ subject, body });

describe.each(DIALECTS)('announcements on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false }, { timeout: 180_000, logLevel: 'info' });
  const ctx = () => m.t.ctx;
  const stamp = `${dialect}-${Date.now()}`;

  /** Ages every open claim past the retry delay, as ten minutes would. */
  async function ageClaims() {
    const past = new Date(Date.now() - 11 * 60_000).toISOString();
    await ctx().db.updateTable('notice_mailings').set({ claimed_at: past }).where('sent_at', 'is', null).where('claimed_at', 'is not', null).execute();
    await ctx().db.updateTable('results_mailings').set({ claimed_at: past }).where('sent_at', 'is', null).execute();
  }
  /** Sends whatever is due now, in this test's own rounds (the app's loop may take some too). */
  async function drain() {
    while (await runNoticeRound(ctx(), () => {})) {}
    while (await mailNextResult(ctx(), () => {})) {}
  }

  it('reaches one group only; a refused address is tried three times, listed, and left alone; results mails too', async () => {
    const { call, okData } = client(m);
    const organiser = await createTestUser(ctx(), { role: 'admin' });
    const admin = organiser.token;
    const editorAccount = await createTestUser(ctx(), { locale: 'en-US' });
    await okData('POST', `/api/admin/users/${editorAccount.id}/role`, admin, { role: 'editor' });
    const editor = (await okData('POST', '/api/auth/login', undefined, { email: editorAccount.email, password: editorAccount.password })).token;

    const base = await openSubmissions(m.t);
    const openEntrant = await newEntrant(m.t, base, 'en-US');
    const openEntry = await submitEntry(openEntrant, { form: { title: 'Open film', group: 'open' } });
    const studentEn = await newEntrant(m.t, base, 'en-US');
    await submitEntry(studentEn, { form: { title: 'Student film A', group: 'student' } });
    const studentTw = await newEntrant(m.t, base, 'zh-TW');
    await submitEntry(studentTw, { form: { title: 'Student film B', group: 'student' } });

    // Refused: no zh-CN text, an unknown group, a placeholder an announcement cannot fill, a reviewer's try.
    const empty = { 'zh-CN': text('', ''), 'zh-TW': text('', ''), 'en-US': text('Hello', 'Body') };
    expect((await call('POST', '/api/admin/notices/announcements', editor, { audience: { kind: 'entrants' }, i18n: empty })).json().code).toBe(6300);
    const i18n = {
      'zh-CN': text(`学生组通知 ${stamp}`, '{{site}} 学生组的同学们好'),
      'zh-TW': text('', ''),
      'en-US': text(`Student notice ${stamp}`, 'Hello students of {{site}}'),
    };
    expect((await call('POST', '/api/admin/notices/announcements', editor, { audience: { kind: 'group', group: 'nope' }, i18n })).json().code).toBe(6301);
    const bad = { ...i18n, 'en-US': text('Hi {{entryTitle}}', 'x') };
    expect((await call('POST', '/api/admin/notices/announcements', editor, { audience: { kind: 'entrants' }, i18n: bad })).json().code).toBe(6200);

    const sent = await okData('POST', '/api/admin/notices/announcements', editor, { audience: { kind: 'group', group: 'student' }, i18n });
    expect(sent.queued).toBe(2);
    await drain();
    const tallyOf = async (id: number) => (await okData('GET', '/api/admin/notices', editor)).announcements.find((a: Data) => a.id === id)?.tally;
    await expect.poll(() => tallyOf(sent.id), { timeout: 30_000 }).toEqual({ sent: 2, failed: 0, pending: 0 });
    const notice = (email: string) => m.sink.to(email).filter((mail) => mail.subject.includes(stamp));
    expect(notice(studentEn.email).map((mail) => mail.subject)).toEqual([`Student notice ${stamp}`]);
    expect(notice(studentEn.email)[0]?.text).not.toContain('{{site}}');
    // zh-TW left empty: the zh-CN text.
    expect(notice(studentTw.email).map((mail) => mail.subject)).toEqual([`学生组通知 ${stamp}`]);
    expect(notice(openEntrant.email)).toHaveLength(0);
    const audit = await okData('GET', `/api/admin/audit?action=${encodeURIComponent('POST /api/admin/notices/announcements')}`, admin);
    expect(audit.items.some((line: Data) => line.actorId === editorAccount.id)).toBe(true);

    // One address refused at RCPT TO; an announcement to every entrant.
    m.sink.refuseRecipient(openEntrant.email);
    const everyone = { ...i18n, 'zh-CN': text(`全体通知 ${stamp}`, '大家好'), 'en-US': text(`All entrants ${stamp}`, 'Hello all') };
    const toAll = await okData('POST', '/api/admin/notices/announcements', editor, { audience: { kind: 'entrants' }, i18n: everyone });
    expect(toAll.queued).toBe(3);
    const triesBefore = m.sink.rcptTries(openEntrant.email);
    await drain();
    await expect.poll(() => tallyOf(toAll.id), { timeout: 30_000 }).toEqual({ sent: 2, failed: 0, pending: 1 });
    expect(m.sink.rcptTries(openEntrant.email) - triesBefore).toBe(1);
    for (const attempt of [2, 3]) {
      await ageClaims();
      await drain();
      await expect.poll(() => m.sink.rcptTries(openEntrant.email) - triesBefore, { timeout: 30_000 }).toBe(attempt);
    }
    await expect.poll(() => tallyOf(toAll.id), { timeout: 30_000 }).toEqual({ sent: 2, failed: 1, pending: 0 });
    const failures = (await okData('GET', '/api/admin/notices', editor)).failures;
    expect(failures).toContainEqual(
      expect.objectContaining({
        notice: `announcement:${toAll.id}`,
        email: openEntrant.email.toLowerCase(),
        attempts: 3,
        error: expect.stringContaining('550'),
      }),
    );
    // Ten more minutes: no fourth try.
    await ageClaims();
    await drain();
    expect(m.sink.rcptTries(openEntrant.email) - triesBefore).toBe(3);

    // The results mails keep to the same cap and show in the same list.
    await okData('POST', `/api/admin/entries/${openEntry.id}/approve`, admin);
    const resultsBefore = m.sink.rcptTries(openEntrant.email);
    await okData('POST', '/api/admin/jury/results/publish', admin);
    await drain();
    await expect.poll(() => m.sink.rcptTries(openEntrant.email) - resultsBefore, { timeout: 30_000 }).toBe(1);
    for (const attempt of [2, 3]) {
      await ageClaims();
      await drain();
      await expect.poll(() => m.sink.rcptTries(openEntrant.email) - resultsBefore, { timeout: 30_000 }).toBe(attempt);
    }
    await expect.poll(() => okData('GET', '/api/admin/jury/results', admin), { timeout: 30_000 }).toMatchObject({ mailed: 0, toMail: 0 });
    await ageClaims();
    await drain();
    expect(m.sink.rcptTries(openEntrant.email) - resultsBefore).toBe(3);
    expect((await okData('GET', '/api/admin/notices', admin)).failures).toContainEqual(
      expect.objectContaining({ notice: 'results', email: openEntrant.email.toLowerCase(), attempts: 3 }),
    );

    // The mailbox is fixed; the editor sends the failed mails again. Each arrives once, nobody else is mailed
    // again, and the list is empty.
    m.sink.acceptRecipient(openEntrant.email);
    const othersBefore = m.sink.to(studentEn.email).length;
    const retried = await okData('POST', '/api/admin/notices/failures/retry', editor);
    expect(retried.reopened).toBe(2);
    await drain();
    await expect.poll(() => tallyOf(toAll.id), { timeout: 30_000 }).toEqual({ sent: 3, failed: 0, pending: 0 });
    await expect.poll(() => okData('GET', '/api/admin/jury/results', admin), { timeout: 30_000 }).toMatchObject({ mailed: 1 });
    expect(m.sink.to(openEntrant.email).filter((mail) => mail.subject.includes(`All entrants ${stamp}`))).toHaveLength(1);
    expect((await okData('GET', '/api/admin/notices', editor)).failures).toEqual([]);
    await ageClaims();
    await drain();
    expect(m.sink.to(studentEn.email).length).toBe(othersBefore);
    expect((await okData('POST', '/api/admin/notices/failures/retry', editor)).reopened).toBe(0);
  }, 240_000);
});

import { describe, expect, it } from 'vitest';
import { writeSetting } from '../src/db/repos/settings';
import { runNoticeRound } from '../src/services/notices/notice-mailer';
import { createTestUser, DIALECTS, insertEntry, newEntrant, openSubmissions, startAppOn, submitEntry, useMailedApp } from './factories';
import { noticeClient as client } from './helpers/notice-client';

/**
 * The organiser's reminders, on each database: "submissions closing" reaches the accounts with a draft and
 * the verified accounts without any entry, not those who sent one; "jurors with unscored entries" reaches the
 * juror with entries left, not the one who scored them all. Two apps (two senders) run the notice loop on the
 * same database, and each person still gets one mail per reminder. Mails are read from a real SMTP sink.
 */
describe.each(DIALECTS)('reminders on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false }, { timeout: 180_000, logLevel: 'info' });
  const ctx = () => m.t.ctx;

  async function inviteAndSignIn(admin: string, email: string): Promise<string> {
    const { okData } = client(m);
    await okData('POST', '/api/admin/jury/jurors', admin, { email, locale: 'en-US', group: null, juryMemberId: null });
    const token = /#\/invite\?token=([A-Za-z0-9_-]+)/.exec(m.sink.to(email).at(-1)?.text ?? '')?.[1] as string;
    await okData('POST', '/api/jury/invitation', undefined, { token, password: 'Jury-Pass1', confirmPassword: 'Jury-Pass1' });
    return (await okData('POST', '/api/auth/login', undefined, { email, password: 'Jury-Pass1' })).token;
  }

  it('mails who is due once each with two senders running, and nobody else', async () => {
    const { okData } = client(m);
    const admin = (await createTestUser(ctx(), { role: 'admin' })).token;
    const base = await openSubmissions(m.t);
    // Submission ends in a day (openSubmissions); judging is open now and ends in a day too.
    const phases = JSON.parse((await ctx().db.selectFrom('settings').select('value').where('key', '=', 'contest.phases').executeTakeFirstOrThrow()).value);
    const day = 86_400_000;
    await writeSetting(ctx().db, 'contest.phases', {
      ...phases,
      judging: { start: new Date(Date.now() - day).toISOString(), end: new Date(Date.now() + day).toISOString() },
    });

    const withDraft = await newEntrant(m.t, base, 'en-US');
    // Nothing in the product writes a draft yet (the status exists in the schema): the row is the background here.
    await insertEntry(ctx(), withDraft.id, { status: 'draft', title: 'Half done' });
    const submitted = await newEntrant(m.t, base, 'en-US');
    const entry = await submitEntry(submitted, { form: { title: 'Sent in time', group: 'open' } });
    await okData('POST', `/api/admin/entries/${entry.id}/approve`, admin);
    const noEntry = await newEntrant(m.t, base, 'zh-TW');
    const unverified = await createTestUser(ctx(), { verified: false, locale: 'en-US' });

    const criteria = await okData('POST', '/api/admin/jury/criteria', admin, {
      weight: 100,
      i18n: { 'zh-CN': { name: '总体' }, 'zh-TW': { name: '總體' }, 'en-US': { name: 'Overall' } },
    });
    const criterion = String(criteria[0].id);
    const lagging = `lagging-${dialect}@jury.test`;
    const done = `done-${dialect}@jury.test`;
    await inviteAndSignIn(admin, lagging);
    const doneToken = await inviteAndSignIn(admin, done);
    await okData('PUT', `/api/jury/judging/entries/${entry.id}/sheet`, doneToken, { scores: { [criterion]: 8 }, comment: '' });

    // A second app on the same database: its notice loop races the first one's.
    const second = await startAppOn(m.t.db, { demoContent: false, smtpUrl: m.sink.url });
    try {
      // Both reminders on, due now (the phases end within 48 hours); saving wakes no one, the loops find them.
      const saved = await okData('PUT', '/api/admin/notices/reminders', admin, {
        submissionClosing: { enabled: true, hours: 48 },
        jurorUnscored: { enabled: true, hours: 48 },
      });
      expect(saved.reminders.submissionClosing).toEqual({ enabled: true, hours: 48 });
      // Both contexts also run rounds by hand, at once, until nothing is left.
      for (let i = 0; i < 5; i++) {
        await Promise.all([runNoticeRound(ctx(), () => {}), runNoticeRound(second.ctx, () => {})]);
      }
      await expect
        .poll(async () => (await okData('GET', '/api/admin/notices', admin)).reminderTally, { timeout: 60_000 })
        .toEqual({ submissionClosing: { sent: 2, failed: 0, pending: 0 }, jurorUnscored: { sent: 1, failed: 0, pending: 0 } });
      for (let i = 0; i < 5; i++) {
        await Promise.all([runNoticeRound(ctx(), () => {}), runNoticeRound(second.ctx, () => {})]);
      }
    } finally {
      await second.close();
    }

    const reminders = (email: string) => m.sink.to(email).filter((mail) => /submissions close|作品徵集即將截止|waiting for your scores/.test(mail.subject));
    expect(reminders(withDraft.email)).toHaveLength(1);
    expect(reminders(withDraft.email)[0]?.subject).toContain('your entry is not sent yet');
    expect(reminders(withDraft.email)[0]?.text).toContain('/en-US/account');
    expect(reminders(noEntry.email)).toHaveLength(1);
    expect(reminders(noEntry.email)[0]?.subject).toContain('作品徵集即將截止');
    expect(reminders(noEntry.email)[0]?.text).toContain('/zh-TW/submitWorks');
    expect(reminders(lagging)).toHaveLength(1);
    expect(reminders(lagging)[0]?.subject).toContain('1 entries are waiting for your scores');
    // Not due: an entry sent, an unverified account, a juror who scored everything, the staff.
    expect(reminders(submitted.email)).toHaveLength(0);
    expect(reminders(unverified.email)).toHaveLength(0);
    expect(reminders(done)).toHaveLength(0);
    const everyone = [withDraft.email, submitted.email, noEntry.email, unverified.email, lagging, done];
    expect(everyone.flatMap(reminders)).toHaveLength(3);
    // The change of settings is in the audit log.
    const audit = await okData('GET', `/api/admin/audit?action=${encodeURIComponent('PUT /api/admin/notices/reminders')}`, admin);
    expect(audit.total).toBe(1);
  }, 240_000);
});

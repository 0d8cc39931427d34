import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/i18n/index';
import { createTestUser, DIALECTS, openSubmissions, type SunkMail, submitEntry, useMailedApp } from './factories';
import { registerThroughSite } from './helpers/register-through-site';

const GOOD = 'Str0ng!pass';

/**
 * The organiser's mail texts, on an empty install: the organiser edits a kind in the console API, and the
 * mails the product sends (to people who registered and submitted through the API) carry the edited text in
 * the recipient's locale, as multipart mails with values escaped in the HTML part. zh-TW left empty is filled
 * from zh-CN by OpenCC; unknown placeholders are refused; a reset brings the defaults back.
 */
describe.each(DIALECTS)('mail templates on %s', (dialect) => {
  const mailed = useMailedApp(dialect, { demoContent: false }, { addresses: '10.7' });
  const { t, sink } = mailed;
  let admin: { token: string; id: number; email: string };
  let base: string;

  const register = (email: string, locale: string) => registerThroughSite(mailed, base, email, GOOD, locale);

  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const texts = (cn: { subject: string; body: string }, tw: { subject: string; body: string }, en: { subject: string; body: string }) => ({
    i18n: { 'zh-CN': cn, 'zh-TW': tw, 'en-US': en },
  });
  const EMPTY = { subject: '', body: '' };
  const lastTo = (email: string): SunkMail => {
    const mail = sink.to(email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  };

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    base = await openSubmissions(t);
  }, 60_000);

  it('lists every kind with its placeholders and default texts in three locales', async () => {
    const res = await api('GET', '/api/admin/mail-templates');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { kind: string; placeholders: string[]; defaults: Record<string, { subject: string; body: string }>; i18n: unknown }[];
    expect(list.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['accountVerify', 'entryReceived', 'entryApproved', 'entryRejected', 'resultsWinner', 'voteCode']),
    );
    const approved = list.find((k) => k.kind === 'entryApproved');
    expect(approved?.placeholders).toEqual(expect.arrayContaining(['entryTitle', 'entryNo', 'entryUrl', 'site']));
    expect(approved?.defaults['en-US']?.subject).toBe('Your entry "{{entryTitle}}" was approved');
    expect(approved?.defaults['zh-TW']?.body).toContain('已通過審核');
    expect(approved?.i18n).toBeNull();
  });

  it('refuses an unknown placeholder on the field that uses it, and writes nothing', async () => {
    const res = await api(
      'PUT',
      '/api/admin/mail-templates/entryApproved',
      texts({ subject: 'OK {{entryTitle}}', body: 'Hi {{entrantName}}' }, EMPTY, { subject: '{{ nope }}', body: 'Fine' }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(6200);
    expect(body.msg).toContain('{{entrantName}}');
    expect(Object.keys(body.data.fields).sort()).toEqual(['i18n.en-US.subject', 'i18n.zh-CN.body']);
    expect((await api('GET', '/api/admin/mail-templates/entryApproved')).json().data.i18n).toBeNull();
    // Preview and test send check the same way.
    const preview = await api('POST', '/api/admin/mail-templates/entryApproved/preview', { locale: 'en-US', subject: '', body: '{{x}}' });
    expect(preview.json().code).toBe(6200);
  });

  it('sends the edited approval text in each entrant’s locale, multipart, escaped in HTML; zh-TW converted by OpenCC', async () => {
    const saved = await api(
      'PUT',
      '/api/admin/mail-templates/entryApproved',
      texts(
        { subject: '好消息：《{{entryTitle}}》入选了', body: '恭喜！您的作品《{{entryTitle}}》已入选，编号 {{entryNo}}。\n\n作品页面：{{entryUrl}}' },
        EMPTY,
        { subject: 'Good news: {{entryTitle}} is in', body: 'Congratulations! "{{entryTitle}}" is approved as number {{entryNo}}.\n\nSee it at {{entryUrl}}' },
      ),
    );
    expect(saved.statusCode).toBe(200);
    const tw = saved.json().data.i18n;
    expect(tw.converted).toBe(true);
    expect(tw['zh-TW'].subject).toBe('好訊息：《{{entryTitle}}》入選了');
    expect(tw['zh-TW'].body).toContain('恭喜！您的作品《{{entryTitle}}》已入選，編號');

    const en = await register('ada@example.test', 'en-US');
    const hant = await register('mei@example.test', 'zh-TW');
    const enEntry = await submitEntry(en, { form: { title: '<script>alert(1)</script> & Co' } });
    const twEntry = await submitEntry(hant, { form: { title: '最後一通電話' } });

    for (const entry of [enEntry, twEntry]) expect((await api('POST', `/api/admin/entries/${entry.id}/approve`)).statusCode).toBe(200);
    const numbers = await t.ctx.db.selectFrom('entries').select(['id', 'entry_no']).where('id', 'in', [enEntry.id, twEntry.id]).execute();
    const noOf = (id: number) => numbers.find((r) => r.id === id)?.entry_no;

    const enMail = lastTo(en.email);
    expect(enMail.subject).toBe('Good news: <script>alert(1)</script> & Co is in');
    expect(enMail.text).toContain(`Congratulations! "<script>alert(1)</script> & Co" is approved as number ${noOf(enEntry.id)}.`);
    expect(enMail.text).toContain(`See it at http://contest.test/en-US/gallery/${enEntry.id}`);
    // Both parts, and the title only ever escaped in the HTML one.
    expect(enMail.raw).toMatch(/multipart\/alternative/i);
    expect(enMail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(enMail.html).not.toContain('<script>');
    expect(enMail.html).toContain(`href="http://contest.test/en-US/gallery/${enEntry.id}"`);
    // Signed with the contest identity (the neutral one of an empty install).
    expect(enMail.text).toContain(MESSAGES['en-US']['site.name']);
    expect(enMail.html).toContain(MESSAGES['en-US']['site.name']);

    const twMail = lastTo(hant.email);
    expect(twMail.subject).toBe('好訊息：《最後一通電話》入選了');
    expect(twMail.text).toContain(`恭喜！您的作品《最後一通電話》已入選，編號 ${noOf(twEntry.id)}。`);
    expect(twMail.html).toContain('已入選');
  }, 120_000);

  it('preview renders sample data; the test send reaches the organiser’s own address', async () => {
    const preview = await api('POST', '/api/admin/mail-templates/entryRejected/preview', { locale: 'zh-CN', subject: '', body: '理由：{{reason}}' });
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data;
    // An empty subject previews the default one.
    expect(p.subject).toBe(`您的作品《${MESSAGES['zh-CN']['mail.sample.entryTitle']}》未通过审核`);
    expect(p.text).toContain(`理由：${MESSAGES['zh-CN']['mail.sample.reason']}`);
    expect(p.html).toContain('<!doctype html>');

    const sent = await api('POST', '/api/admin/mail-templates/entryRejected/test', {
      locale: 'en-US',
      subject: 'Test {{entryTitle}}',
      body: 'Because {{reason}}',
    });
    expect(sent.json().data).toEqual({ to: admin.email });
    const mail = lastTo(admin.email);
    expect(mail.subject).toBe(`Test ${MESSAGES['en-US']['mail.sample.entryTitle']}`);
    expect(mail.text).toContain(`Because ${MESSAGES['en-US']['mail.sample.reason']}`);
    expect(mail.html).toContain(`Because ${MESSAGES['en-US']['mail.sample.reason']}`);
  });

  it('reset restores the default text that the next mail carries', async () => {
    const reset = await api('DELETE', '/api/admin/mail-templates/entryApproved');
    expect(reset.json().data.i18n).toBeNull();
    const entrant = await register('reset@example.test', 'en-US');
    const entry = await submitEntry(entrant, { form: { title: 'Back to default' } });
    expect((await api('POST', `/api/admin/entries/${entry.id}/approve`)).statusCode).toBe(200);
    const mail = lastTo(entrant.email);
    expect(mail.subject).toBe('Your entry "Back to default" was approved');
    expect(mail.text).toContain(`(submission ${entry.submissionNo}) was approved.`);
  }, 120_000);

  it('mails a rejection in the account’s locale with the edited text, the reason escaped in HTML', async () => {
    await api(
      'PUT',
      '/api/admin/mail-templates/entryRejected',
      texts({ subject: '', body: '' }, EMPTY, { subject: 'About {{entryTitle}}', body: 'Not this time: {{reason}}' }),
    );
    const entrant = await register('rej@example.test', 'en-US');
    const entry = await submitEntry(entrant, { form: { title: 'Rejected one' } });
    const res = await api('POST', `/api/admin/entries/${entry.id}/reject`, { reason: 'Logo <b>visible</b>' });
    expect(res.json().data.mailed).toBe(true);
    const mail = lastTo(entrant.email);
    expect(mail.subject).toBe('About Rejected one');
    expect(mail.text).toContain('Not this time: Logo <b>visible</b>');
    expect(mail.html).toContain('Not this time: Logo &lt;b&gt;visible&lt;/b&gt;');
  }, 120_000);

  it('carries the contest identity the console edits: name and organiser in the locale, logo and colour', async () => {
    const { updatedAt: _, ...identity } = (await api('GET', '/api/admin/identity')).json().data;
    identity.i18n['zh-CN'] = { ...identity.i18n['zh-CN'], siteName: '青年影像节', organiser: '青禾文化' };
    identity.i18n['en-US'] = { ...identity.i18n['en-US'], siteName: 'Youth Film Festival', organiser: 'Qinghe Culture' };
    const saved = await api('PUT', '/api/admin/identity', { ...identity, logoUrl: 'https://cdn.example.com/logo.png', primaryColor: '#aa3300' });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = (await api('POST', '/api/admin/mail-templates/accountVerify/preview', { locale: 'en-US', subject: '', body: '' })).json().data;
    expect(preview.subject).toBe(MESSAGES['en-US']['account.mail.verify.subject'].replace('{site}', 'Youth Film Festival'));
    expect(preview.text).toMatch(/Youth Film Festival\nQinghe Culture\n$/);
    expect(preview.html).toContain('<img src="https://cdn.example.com/logo.png" alt="Youth Film Festival"');
    expect(preview.html).toContain('background:#aa3300');
    const zhTw = (await api('POST', '/api/admin/mail-templates/accountVerify/preview', { locale: 'zh-TW', subject: '', body: '' })).json().data;
    // zh-TW identity texts left empty are converted from zh-CN.
    expect(zhTw.text).toContain('青年影像節');
  });
});

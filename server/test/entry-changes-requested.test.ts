import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../common/errors';
import { createTestUser, DIALECTS, ENTRY_FORM, makeImage, openSubmissions, type SunkMail, submitEntry, useMailedApp } from './factories';
import { registerThroughSite } from './helpers/register-through-site';
import { api as entrantApi, uploadFile } from './submission-client';

const GOOD = 'Chang3s#Req';

/**
 * A reviewer sends an entry back with what to change: the entrant (registered through the site) is mailed
 * the note in their language, sees it in "My entries", may change the entry even after the window closed,
 * and saving puts it back in review. Nothing else becomes editable after the close.
 */
describe.each(DIALECTS)('entries sent back for changes on %s', (dialect) => {
  const mailed = useMailedApp(dialect, { demoContent: false }, { addresses: '10.9' });
  const { t, sink } = mailed;
  let admin: { token: string; id: number; email: string };
  let base: string;

  const register = (email: string, locale: string) => registerThroughSite(mailed, base, email, GOOD, locale);
  const console_ = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const lastTo = (email: string): SunkMail => {
    const mail = sink.to(email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  };
  const statusOf = async (id: number) => (await console_('GET', `/api/admin/entries/${id}`)).json().data.status as string;

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    base = await openSubmissions(t);
  }, 60_000);

  it('mails the note in the entrant’s locale, lets them change the entry after the close, and review starts again', async () => {
    const entrant = await register('changes@example.test', 'zh-TW');
    const bystander = await register('waiting@example.test', 'en-US');
    const entry = await submitEntry(entrant, { form: { title: '最後一通電話' } });
    const other = await submitEntry(bystander, { form: { title: 'Still waiting' } });

    // A note is required; the refusal writes nothing.
    const empty = await console_('POST', `/api/admin/entries/${entry.id}/request-changes`, { note: '  ' });
    expect(empty.json()).toMatchObject({ code: Code.ChangesNoteRequired, msg: 'Please say what the entrant should change' });
    expect(await statusOf(entry.id)).toBe('pending');

    const sent = await console_('POST', `/api/admin/entries/${entry.id}/request-changes`, { note: '請更換清晰的封面' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ mailed: true, entry: { status: 'changesRequested', changesNote: '請更換清晰的封面' } });
    const mail = lastTo(entrant.email);
    expect(mail.subject).toBe('您的作品《最後一通電話》需要修改');
    expect(mail.text).toContain('修改意見：請更換清晰的封面');
    expect(mail.text).toContain(`/zh-TW/submitWorks?edit=${entry.id}`);
    expect(mail.html).toContain(`href="${t.ctx.config.publicUrl}/zh-TW/submitWorks?edit=${entry.id}"`);
    // The decision is in the entry's history with its note.
    const history = (await console_('GET', `/api/admin/entries/${entry.id}`)).json().data.history as { action: string; note: string }[];
    expect(history.map((h) => [h.action, h.note])).toContainEqual(['changes', '請更換清晰的封面']);

    // Only a waiting entry can be sent back.
    expect((await console_('POST', `/api/admin/entries/${entry.id}/request-changes`, { note: 'again' })).json().code).toBe(Code.EntryStatusConflict);

    // The window closes: the sent-back entry stays editable, the merely waiting one does not.
    await openSubmissions(t, { closed: true });
    const mine = (await entrantApi(entrant, 'GET', '/api/entries/mine')).body.data as { id: number; status: string; editable: boolean; changesNote: string }[];
    expect(mine.find((e) => e.id === entry.id)).toMatchObject({ status: 'changesRequested', editable: true, changesNote: '請更換清晰的封面' });
    const theirs = (await entrantApi(bystander, 'GET', '/api/entries/mine')).body.data as { id: number; editable: boolean }[];
    expect(theirs.find((e) => e.id === other.id)?.editable).toBe(false);
    expect((await uploadFile(bystander, 'cover', await makeImage(400, 400, 'png'))).body.code).toBe(Code.SubmissionClosed);

    // A new cover through the real upload protocol, then the save: back in review, the note gone from the entrant's view.
    const cover = await uploadFile(entrant, 'cover', await makeImage(400, 400, 'png'));
    expect(cover.status, JSON.stringify(cover.body)).toBe(200);
    const saved = await entrantApi(entrant, 'PUT', `/api/entries/mine/${entry.id}`, { ...ENTRY_FORM, title: '最後一通電話', uploads: { cover: cover.id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'pending', changesNote: null, editable: false });
    expect(await statusOf(entry.id)).toBe('pending');

    // Once back in review after the close, it is locked like any other waiting entry.
    const again = await entrantApi(entrant, 'PUT', `/api/entries/mine/${entry.id}`, { ...ENTRY_FORM, uploads: {} });
    expect(again.body.code).toBe(Code.SubmissionClosed);
    expect((await entrantApi(bystander, 'PUT', `/api/entries/mine/${other.id}`, { ...ENTRY_FORM, uploads: {} })).body.code).toBe(Code.SubmissionClosed);

    // The reviewer can now approve it as usual.
    expect((await console_('POST', `/api/admin/entries/${entry.id}/approve`)).statusCode).toBe(200);
    expect(await statusOf(entry.id)).toBe('approved');
    await openSubmissions(t);
  }, 180_000);
});

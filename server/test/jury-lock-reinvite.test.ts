import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, useMailedApp } from './factories';

/**
 * Two jury holes. Criterion weights could be changed after the lock, moving every weighted average the
 * locked scores were given under: now adding, removing or re-weighting a criterion after judging ends is
 * refused (1108), names still edit. Re-inviting a juror who had set a password mailed a new password link
 * (which replaces the password and ends their sessions when opened): now they get a sign-in reminder and
 * keep both. Everything goes through the console and jury APIs on an empty install.
 */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const names = (name: string) => ({ 'zh-CN': { name }, 'zh-TW': { name }, 'en-US': { name } });

describe.each(DIALECTS)('jury lock and re-invitation on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false });

  it('re-inviting an active juror mails a sign-in reminder; their password and session still work', async () => {
    const admin = await createTestUser(m.t.ctx, { role: 'admin' });
    const email = `active-juror-${dialect}@jury.test`;
    const invite = (group: string | null) =>
      m.t.app.inject({
        method: 'POST',
        url: '/api/admin/jury/jurors',
        headers: bearer(admin.token),
        payload: { email, locale: 'en-US', group, juryMemberId: null },
      });
    expect((await invite(null)).json().code).toBe(0);
    const token = /#\/invite\?token=([A-Za-z0-9_-]+)/.exec(m.sink.to(email).at(-1)?.text ?? '')?.[1] as string;
    const accepted = await m.post('/api/jury/invitation', { token, password: 'Jury-Pass1', confirmPassword: 'Jury-Pass1' });
    const session = accepted.json().data.token as string;

    expect((await invite('student')).json().code).toBe(0);
    const reminder = m.sink.to(email).at(-1);
    expect(m.sink.to(email)).toHaveLength(2);
    expect(reminder?.subject).toContain('the jury is waiting for you');
    expect(reminder?.text).toContain('http://contest.test/admin/?lang=en-US');
    expect(reminder?.text).not.toContain('#/invite');

    expect((await m.t.app.inject({ url: '/api/currentUser', headers: bearer(session) })).json().data).toMatchObject({ email, role: 'juror' });
    expect((await m.post('/api/auth/login', { email, password: 'Jury-Pass1' })).json().code).toBe(0);
    const jurors = (await m.t.app.inject({ url: '/api/admin/jury/jurors', headers: bearer(admin.token) })).json().data;
    expect(JSON.stringify(jurors)).toContain('student');
  });

  it('after judging ends criteria cannot be added, removed or re-weighted (1108); a name still can', async () => {
    const admin = bearer((await createTestUser(m.t.ctx, { role: 'admin' })).token);
    const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      m.t.app.inject({ method, url, headers: { ...admin, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
    const created = (await api('POST', '/api/admin/jury/criteria', { weight: 40, sort: 0, i18n: names('Story') })).json();
    expect(created.code).toBe(0);
    const id = created.data[0].id as number;
    expect((await api('PUT', `/api/admin/jury/criteria/${id}`, { weight: 60, sort: 0, i18n: names('Story') })).json().code).toBe(0);

    // The organiser ends judging: the judging phase is in the past.
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    expect((await api('PUT', '/api/admin/phases/judging', { start: at(-10 * day), end: at(-day) })).json().code).toBe(0);

    const reweight = await api('PUT', `/api/admin/jury/criteria/${id}`, { weight: 90, sort: 0, i18n: names('Story') });
    expect(reweight.statusCode).toBe(409);
    expect(reweight.json()).toMatchObject({ code: 1108, msg: 'Judging has ended: the criteria and their weights are locked with the scores' });
    expect((await api('POST', '/api/admin/jury/criteria', { weight: 10, sort: 1, i18n: names('Sound') })).json().code).toBe(1108);
    expect((await api('DELETE', `/api/admin/jury/criteria/${id}`)).json().code).toBe(1108);
    const renamed = (await api('PUT', `/api/admin/jury/criteria/${id}`, { weight: 60, sort: 0, i18n: names('Storytelling') })).json();
    expect(renamed.code).toBe(0);
    expect(renamed.data).toHaveLength(1);
    expect(renamed.data[0]).toMatchObject({ id, weight: 60 });
  });
});

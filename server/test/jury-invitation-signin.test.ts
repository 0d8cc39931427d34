import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, useMailedApp } from './factories';

/**
 * A juror who sets a password from the invitation link is signed in by that answer (a session token, as a
 * login answers), so the console takes them straight to their judging page; the link stays single use.
 */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('accepting a jury invitation on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false });

  it('answers with a juror session that opens the judging API', async () => {
    const admin = await createTestUser(m.t.ctx, { role: 'admin' });
    const email = `new-juror-${dialect}@jury.test`;
    const invited = await m.t.app.inject({
      method: 'POST',
      url: '/api/admin/jury/jurors',
      headers: bearer(admin.token),
      payload: { email, locale: 'en-US', group: null, juryMemberId: null },
    });
    expect(invited.json().code, invited.body).toBe(0);
    const link = /#\/invite\?token=([A-Za-z0-9_-]+)/.exec(m.sink.to(email).at(-1)?.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] as string;

    const accepted = await m.post('/api/jury/invitation', { token, password: 'Jury-Pass1', confirmPassword: 'Jury-Pass1' });
    expect(accepted.json().code, accepted.body).toBe(0);
    const session = accepted.json().data.token as string;
    expect(session).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(accepted.json().data.user).toMatchObject({ email, role: 'juror', verified: true });

    const me = await m.t.app.inject({ method: 'GET', url: '/api/currentUser', headers: bearer(session) });
    expect(me.json().data).toMatchObject({ email, role: 'juror' });
    const judging = await m.t.app.inject({ method: 'GET', url: '/api/jury/judging', headers: bearer(session) });
    expect(judging.json().code, judging.body).toBe(0);

    // Single use: the link signs nobody in a second time.
    const again = await m.post('/api/jury/invitation', { token, password: 'Jury-Pass2', confirmPassword: 'Jury-Pass2' });
    expect(again.json().code).toBe(7106);
    expect(again.json().data?.token).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, useTestApp } from './factories';

/**
 * After voting closes no vote challenge is issued (4100): a script could otherwise keep solving and bank
 * nothing useful, and the site would keep signing work for a vote it refuses. Forms' challenges go on. The
 * voting window is set by the organiser through the console API on an empty install.
 */
describe.each(DIALECTS)('vote challenges and the voting window on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });
  it('open window: issued; closed window: 4100 for votes, forms still get theirs', async () => {
    const headers = { authorization: `Bearer ${(await createTestUser(t.ctx, { role: 'admin' })).token}` };
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    // The organiser moves the voting phase through the console's phase route.
    const save = async (voting: { start: string; end: string }) => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/phases/voting', headers, payload: voting });
      expect(res.json().code, res.body).toBe(0);
    };
    const challenge = (purpose: string) =>
      t.app.inject({ url: `/api/challenge?purpose=${purpose}`, remoteAddress: '198.51.100.9', headers: { 'x-locale': 'en-US' } });

    await save({ start: at(-day), end: at(day) });
    expect((await challenge('vote')).json().code).toBe(0);

    await save({ start: at(-5 * day), end: at(-day) });
    const closed = await challenge('vote');
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 4100, msg: 'Voting is not open at this time' });
    expect((await challenge('contact')).json().code).toBe(0);
  });
});

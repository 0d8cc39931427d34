import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { applyRetention } from '../src/services/privacy/retention';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, solvePow, submitEntry, useMailedApp } from './factories';

const DAY = 86_400_000;

/**
 * Voters' addresses are not kept forever: past the organiser's retention period (console setting, 180 days
 * by default) the hourly job cuts every vote's, audit line's, message's and report's address to its network
 * and drops the masked e-mail shown beside audit lines. Votes cast through the vote endpoint and a message
 * sent through the contact form are the subject; the job runs "as of" a later day. Counts, voids and the
 * fraud review by network keep working on what remains.
 */
describe.each(DIALECTS)('privacy retention on %s', (dialect) => {
  const { t } = useMailedApp(dialect);
  let admin: { token: string };
  let entryId: number;
  const admin$ = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const vote = async (ip: string) => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
    const res = await t.app.inject({ method: 'POST', url: `/api/gallery/entries/${entryId}/vote`, remoteAddress: ip, payload: { altcha: solvePow(c).altcha } });
    expect(res.json().code, res.body).toBe(0);
  };
  const addresses = async () => ({
    votes: (await t.ctx.db.selectFrom('votes').select('ip').where('entry_id', '=', entryId).orderBy('id').execute()).map((r) => r.ip),
    audit: (await t.ctx.db.selectFrom('vote_audit').select('ip').where('entry_id', '=', entryId).orderBy('id').execute()).map((r) => r.ip),
  });
  const count = async () => (await t.ctx.db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow()).vote_count;

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    entryId = (await submitEntry(await newEntrant(t, await openSubmissions(t)))).id;
    expect((await admin$('POST', `/api/admin/entries/${entryId}/approve`)).statusCode).toBe(200);
    await vote('198.51.100.23');
    await vote('198.51.100.24');
    await vote('2001:db8:1:2::5');
  }, 90_000);

  it('keeps full addresses within the period, and the setting is the organiser’s', async () => {
    expect(await applyRetention(t.ctx)).toEqual({ cutAddresses: 0, droppedLabels: 0, deletedCodes: 0 });
    expect((await addresses()).votes).toEqual(['198.51.100.23', '198.51.100.24', '2001:db8:1:2::5']);
    const settings = { ...(await admin$('GET', '/api/admin/settings')).json().data, organiserEmail: 'organiser@example.test' };
    expect(settings.privacyRetentionDays).toBe(180);
    const tooShort = await admin$('PUT', '/api/admin/settings', { ...settings, privacyRetentionDays: 3 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().data.fields).toHaveProperty('privacyRetentionDays');
    expect((await admin$('PUT', '/api/admin/settings', { ...settings, privacyRetentionDays: 30 })).json().code).toBe(0);
    // 29 days on: still within the 30 days.
    expect((await applyRetention(t.ctx, Date.now() + 29 * DAY)).cutAddresses).toBe(0);
  });

  it('past the period cuts every address to its network and leaves counts and the review intact', async () => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=contact', remoteAddress: '192.0.2.77' })).json().data as PowChallenge;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '192.0.2.77',
      payload: { content: 'When do the votes close?', name: 'Mei', email: 'mei@example.test', altcha: solvePow(c).altcha },
    });
    expect(contact.json().code, contact.body).toBe(0);
    const before = await count();
    expect(before).toBe(3);
    const figures = await applyRetention(t.ctx, Date.now() + 31 * DAY);
    expect(figures.cutAddresses).toBe(7); // 3 votes, their 3 audit lines, the message
    const after = await addresses();
    expect(after.votes).toEqual(['198.51.100.0/24', '198.51.100.0/24', '2001:db8:1::/48']);
    expect(after.audit).toEqual(['198.51.100.0/24', '198.51.100.0/24', '2001:db8:1::/48']);
    const messages = await t.ctx.db.selectFrom('contact_messages').select('ip').execute();
    expect(messages.map((m) => m.ip)).toEqual(['192.0.2.0/24']);
    // Nothing is left that names one address.
    for (const table of ['votes', 'vote_audit', 'contact_messages', 'scam_reports'] as const) {
      const rows = await t.ctx.db.selectFrom(table).select('ip').execute();
      expect(rows.filter((r) => !r.ip.includes('/'))).toEqual([]);
    }
    expect(await count()).toBe(before);
    // Safe to repeat.
    expect((await applyRetention(t.ctx, Date.now() + 32 * DAY)).cutAddresses).toBe(0);

    // The fraud review groups by network: a rule on the /24 still finds the two cut votes, one address finds none.
    const from = new Date(Date.now() - DAY).toISOString();
    const to = new Date(Date.now() + DAY).toISOString();
    const preview = (cidr: string) => admin$('POST', '/api/admin/votes/rule/preview', { rule: { entryId, from, to, cidr } });
    expect((await preview('198.51.100.0/24')).json().data).toEqual({ count: 2 });
    expect((await preview('198.51.100.23')).json().data).toEqual({ count: 0 });
    const voided = await admin$('POST', '/api/admin/votes/rule/void', {
      rule: { entryId, from, to, cidr: '198.51.100.0/16' },
      reason: 'A class voting on one network',
    });
    expect(voided.json().data).toMatchObject({ count: 2, entryCount: 1 });
    expect(await count()).toBe(1);
  });
});

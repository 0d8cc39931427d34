import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVote } from '../src/db/repos/gallery/votes';
import { insertEntry, mailText, startMailSink } from './console-helpers';
import { DIALECTS } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createTestUser } from './helpers/users';

describe.each(DIALECTS)('console votes audit and inbox on %s', (dialect) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let admin: { token: string; id: number };
  let entryId: number;

  beforeAll(async () => {
    sink = await startMailSink();
    t = await startTestApp(dialect, { smtpUrl: sink.url });
    admin = await createTestUser(t.ctx, { role: 'admin' });
    const owner = await createTestUser(t.ctx);
    entryId = await insertEntry(t.ctx, owner.id, { status: 'approved' });
    // A burst from one address: 12 voters, one second apart; and two ordinary votes from elsewhere.
    const base = Date.now() - 60_000;
    for (let i = 0; i < 12; i++) {
      await insertVote(t.ctx.db, {
        entryId,
        voterKey: `burst-${i}`,
        ip: '203.0.113.9',
        slot: `e:${entryId}:burst-${i}`,
        at: new Date(base + i * 1000).toISOString(),
      });
    }
    await insertVote(t.ctx.db, { entryId, voterKey: 'calm-1', ip: '198.51.100.1', slot: `e:${entryId}:calm-1`, at: new Date(base).toISOString() });
    await insertVote(t.ctx.db, { entryId, voterKey: 'calm-2', ip: '198.51.100.2', slot: `e:${entryId}:calm-2`, at: new Date(base + 30_000).toISOString() });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });

  it('shows the burst as suspicious: one busy address with many voters, and a run of votes seconds apart', async () => {
    const s = (await api('GET', '/api/admin/votes/suspicious?hours=1&minVotes=10&gapSeconds=2')).json().data;
    expect(s.addresses).toEqual([expect.objectContaining({ ip: '203.0.113.9', votes: 12, voters: 12 })]);
    expect(s.rapid).toHaveLength(1);
    expect(s.rapid[0].ip).toBe('203.0.113.9');
    expect(s.rapid[0].voteIds).toHaveLength(12);
  });

  it('voids a vote: the count drops, the audit log says so, and count and audit agree; twice is refused', async () => {
    const audit = (await api('GET', `/api/admin/votes/audit?ip=203.0.113.9&entryId=${entryId}&pageSize=100`)).json().data;
    expect(audit.total).toBe(12);
    const vote = await t.ctx.db.selectFrom('votes').select('id').where('voter_key', '=', 'burst-3').executeTakeFirstOrThrow();
    const res = await api('POST', `/api/admin/votes/${vote.id}/void`, { reason: 'Scripted burst' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ entryId, count: 13 });
    const again = await api('POST', `/api/admin/votes/${vote.id}/void`, { reason: 'Again' });
    expect(again.json().code).toBe(6007);
    const outcomes = await t.ctx.db.selectFrom('vote_audit').select(['outcome']).where('entry_id', '=', entryId).execute();
    const counted = outcomes.filter((o) => o.outcome === 'counted').length;
    const voided = outcomes.filter((o) => o.outcome === 'voided').length;
    const entry = await t.ctx.db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow();
    expect([counted, voided, entry.vote_count]).toEqual([14, 1, counted - voided]);
    const totals = (await api('GET', '/api/admin/votes/totals')).json().data.find((r: { id: number }) => r.id === entryId);
    expect(totals).toMatchObject({ count: 13, voteRows: 14, voided: 1 });
    const csv = await api('GET', `/api/admin/exports/votes.csv?entryId=${entryId}`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1 + 15);
  });

  it('lists contact messages, replies by e-mail, marks handled; scam reports can be marked too', async () => {
    const now = new Date().toISOString();
    const contact = await t.ctx.db
      .insertInto('contact_messages')
      .values({ name: '王小明', email: 'visitor@example.test', content: '请问学生组的年龄要求？', locale: 'en-US', ip: '198.51.100.7', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await t.ctx.db
      .insertInto('scam_reports')
      .values({ what: '冒充客服退款', happened_on: now.slice(0, 10), contact: null, locale: 'zh-CN', ip: '198.51.100.8', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const open = (await api('GET', '/api/admin/inbox/contact?handled=false')).json().data;
    expect(open.items.map((m: { id: number }) => m.id)).toContain(contact.id);
    const reply = await api('POST', `/api/admin/inbox/contact/${contact.id}/reply`, { reply: 'Students must be enrolled this year.' });
    expect(reply.statusCode).toBe(200);
    const mail = sink.mails.find((m) => m.to === 'visitor@example.test');
    expect(mailText(mail?.raw ?? '')).toContain('Students must be enrolled this year.');
    const handled = (await api('GET', '/api/admin/inbox/contact?handled=true')).json().data.items;
    expect(handled.find((m: { id: number }) => m.id === contact.id)).toMatchObject({ reply: 'Students must be enrolled this year.' });
    expect((await api('POST', `/api/admin/inbox/scamReport/${report.id}/handled`, { handled: true })).statusCode).toBe(200);
    expect((await api('GET', '/api/admin/inbox/scamReport?handled=false')).json().data.items.map((r: { id: number }) => r.id)).not.toContain(report.id);
    const csv = await api('GET', '/api/admin/exports/contacts.csv');
    expect(csv.body).toContain('王小明');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
  });
});

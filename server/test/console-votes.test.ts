import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { createTestUser, DIALECTS, mailText, newEntrant, openSubmissions, solvePow, submitEntry, useMailedApp } from './factories';

/**
 * What the organiser audits is what the product recorded: an entry submitted through the API and approved in
 * the console, votes cast through the vote endpoint (each without a cookie: a new voter), a contact message and
 * a scam report sent through the public forms, each with a solved proof-of-work challenge.
 */
describe.each(DIALECTS)('console votes audit and inbox on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect);
  let admin: { token: string; id: number };
  let entryId: number;

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const solved = async (purpose: string, ip: string) => {
    const c = (await t.app.inject({ url: `/api/challenge?purpose=${purpose}`, remoteAddress: ip })).json().data as PowChallenge;
    return solvePow(c).altcha;
  };
  const vote = async (ip: string) => {
    const payload = { altcha: await solved('vote', ip) };
    const res = await t.app.inject({ method: 'POST', url: `/api/gallery/entries/${entryId}/vote`, remoteAddress: ip, payload });
    expect(res.json().code, res.body).toBe(0);
  };
  /** A public form sent with a solved challenge, as a visitor's browser sends it. */
  const sendForm = async (url: string, payload: object, ip: string) => {
    const purpose = url.includes('scam') ? 'report' : 'contact';
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'x-locale': 'en-US' },
      payload: { ...payload, altcha: await solved(purpose, ip) },
    });
    expect(res.json().code, res.body).toBe(0);
  };

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    const entry = await submitEntry(await newEntrant(t, await openSubmissions(t)));
    entryId = entry.id;
    const approved = await api('POST', `/api/admin/entries/${entryId}/approve`);
    expect(approved.statusCode).toBe(200);
    // A burst from one address: 12 new voters in quick succession; and two ordinary votes from elsewhere.
    // The audit asks for runs with gaps of up to 60 s, so a stall on a busy machine cannot split this one.
    await vote('198.51.100.1');
    for (let i = 0; i < 12; i++) await vote('203.0.113.9');
    await vote('198.51.100.2');
  }, 60_000);

  it('shows the burst as suspicious: one busy address with many voters, and a run of votes seconds apart', async () => {
    const s = (await api('GET', '/api/admin/votes/suspicious?hours=1&minVotes=10&gapSeconds=60')).json().data;
    expect(s.addresses).toEqual([expect.objectContaining({ ip: '203.0.113.9', votes: 12, voters: 12 })]);
    expect(s.rapid).toHaveLength(1);
    expect(s.rapid[0].ip).toBe('203.0.113.9');
    expect(s.rapid[0].voteIds).toHaveLength(12);
  });

  it('voids a vote: the count drops, the audit log says so, and count and audit agree; twice is refused', async () => {
    const audit = (await api('GET', `/api/admin/votes/audit?ip=203.0.113.9&entryId=${entryId}&pageSize=100`)).json().data;
    expect(audit.total).toBe(12);
    // The organiser voids one vote of the run the suspicious view named.
    const run = (await api('GET', '/api/admin/votes/suspicious?hours=1&minVotes=10&gapSeconds=60')).json().data.rapid[0];
    const voteId = run.voteIds[3] as number;
    const res = await api('POST', `/api/admin/votes/${voteId}/void`, { reason: 'Scripted burst' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ entryId, count: 13 });
    const again = await api('POST', `/api/admin/votes/${voteId}/void`, { reason: 'Again' });
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
    await sendForm('/api/contact', { name: '王小明', email: 'visitor@example.test', content: '请问学生组的年龄要求？' }, '198.51.100.7');
    await sendForm('/api/scam-reports', { what: '冒充客服退款', happenedOn: new Date().toISOString().slice(0, 10), contact: '' }, '198.51.100.8');
    const open = (await api('GET', '/api/admin/inbox/contact?handled=false')).json().data;
    const contact = open.items.find((m: { content: string }) => m.content === '请问学生组的年龄要求？');
    expect(contact).toMatchObject({ name: '王小明', email: 'visitor@example.test', locale: 'en-US', handledAt: null });
    const report = (await api('GET', '/api/admin/inbox/scamReport?handled=false')).json().data.items.find((r: { what: string }) => r.what === '冒充客服退款');
    expect(report).toMatchObject({ contact: null, locale: 'en-US' });
    const reply = await api('POST', `/api/admin/inbox/contact/${contact.id}/reply`, { reply: 'Students must be enrolled this year.' });
    expect(reply.statusCode).toBe(200);
    const mail = sink.to('visitor@example.test')[0];
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

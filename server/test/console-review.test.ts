import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/database';
import {
  createTestUser,
  DIALECTS,
  type Entrant,
  insertEntry,
  mailText,
  newEntrant,
  openSubmissions,
  type SubmittedEntry,
  submitEntry,
  useMailedApp,
} from './factories';

/**
 * The organiser's review of entries the product made: two entries are submitted once through the API (real
 * tus uploads) and the tests walk them through review in order: approve, reject with a mailed reason, award,
 * bulk actions, and a later rejection that takes an approved entry out of the gallery.
 */
describe.each(DIALECTS)('console entry review on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect);
  let admin: { token: string; id: number };
  let submitter: Entrant;
  let approved: SubmittedEntry;
  let rejected: SubmittedEntry;

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    submitter = await newEntrant(t, await openSubmissions(t), 'en-US');
    approved = await submitEntry(submitter, { form: { title: 'Approve me 甲' } });
    rejected = await submitEntry(submitter, { form: { title: 'Reject me' } });
  }, 60_000);

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const inGallery = async (q: string) =>
    ((await t.app.inject({ method: 'GET', url: `/api/gallery?pageSize=50&q=${q}` })).json().data.items as { id: number }[]).map((e) => e.id);

  it('approves a pending entry with the next entry number and it appears in the public gallery', async () => {
    const { id } = approved;
    expect((await api('GET', `/api/admin/entries/${id}`)).json().data.status).toBe('pending');
    expect(await inGallery('Approve')).not.toContain(id);
    const before = Number(
      (
        await t.ctx.db
          .selectFrom('entries')
          .select((eb) => eb.fn.max('entry_no').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const res = await api('POST', `/api/admin/entries/${id}/approve`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail.status).toBe('approved');
    expect(detail.entryNo).toBe(before + 1);
    expect(detail.history[0]).toMatchObject({ action: 'approve' });
    expect(await inGallery('Approve')).toContain(id);
    // Approving twice is refused and changes nothing.
    const again = await api('POST', `/api/admin/entries/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(6001);
  });

  it('rejects with a reason that reaches the submitter by e-mail in their language', async () => {
    const { id, submissionNo } = rejected;
    const empty = await api('POST', `/api/admin/entries/${id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(6002);
    const mailedBefore = sink.messages.length; // the submission's own confirmation went to the same address
    const res = await api('POST', `/api/admin/entries/${id}/reject`, { reason: 'The video has a corner logo.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mailed).toBe(true);
    const mails = sink.messages.slice(mailedBefore).filter((m) => m.to.includes(submitter.email));
    expect(mails).toHaveLength(1);
    const text = mailText(mails[0]?.raw ?? '');
    expect(text).toContain('The video has a corner logo.');
    expect(text).toContain(`Your entry "Reject me" (submission ${submissionNo}`);
    expect(text).toContain('was not approved.');
    const row = await t.ctx.db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('rejected');
    expect(row.reject_reason).toBe('The video has a corner logo.');
    expect(await inGallery('Reject')).not.toContain(id);
  });

  it('marks finalists only on approved entries, applies bulk actions entry by entry, and a later rejection leaves the gallery', async () => {
    const [a, b] = [approved.id, rejected.id];
    const refused = await api('POST', `/api/admin/entries/${b}/award`, { award: 'winner' });
    expect(refused.json().code).toBe(6004);
    // Each entry on its own: the rejected one is approved again, the approved one is refused (6001).
    const bulk = await api('POST', '/api/admin/entries/bulk', { action: 'approve', ids: [b, a] });
    expect(bulk.json().data).toEqual({ done: [b], failed: [{ id: a, code: 6001 }] });
    const award = await api('POST', '/api/admin/entries/bulk', { action: 'award', ids: [a, b, 999999], award: 'finalist' });
    expect(award.json().data).toEqual({ done: [a, b], failed: [{ id: 999999, code: 9404 }] });
    const rows = await t.ctx.db.selectFrom('entries').select(['id', 'award', 'entry_no']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(rows.map((r) => r.award)).toEqual(['finalist', 'finalist']);
    expect(new Set(rows.map((r) => r.entry_no)).size).toBe(2);
    // An approved finalist that is rejected later leaves the gallery and loses its award.
    expect(await inGallery('Approve')).toContain(a);
    expect((await api('POST', `/api/admin/entries/${a}/reject`, { reason: 'Copyright claim' })).statusCode).toBe(200);
    expect(await inGallery('Approve')).not.toContain(a);
    expect((await api('GET', `/api/admin/entries/${a}`)).json().data).toMatchObject({ status: 'rejected', award: null });
  });

  it('lists with filters by status, group and text', async () => {
    // A row for the filters to find (the subject is the list query, not this entry's flow).
    await insertEntry(t.ctx, submitter.id, { group: 'student', title: '学生组 唯一标题' });
    const res = (await api('GET', `/api/admin/entries?group=student&status=pending&q=${encodeURIComponent('唯一')}`)).json().data;
    expect(res.total).toBe(1);
    expect(res.items[0]).toMatchObject({ group: 'student', status: 'pending', title: '学生组 唯一标题', submitterEmail: submitter.email });
  });

  it('exports 1,000 entries as UTF-8 CSV with a BOM and the Chinese text intact', async () => {
    const owner = await createTestUser(t.ctx);
    // 1,000 background rows written in bulk: the subject is the export's encoding and size, not these entries' flow.
    const now = nowIso();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      user_id: owner.id,
      submission_no: `CSV-${dialect}-${i}`,
      status: 'pending',
      group: 'open',
      title: `反诈微电影《守护》第${i}号, "引号"`,
      description: '',
      team: '团队',
      team_desc: '',
      slogan: '',
      vote_count: 0,
      locale: 'zh-CN',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await t.ctx.db
        .insertInto('entries')
        .values(rows.slice(i, i + 250))
        .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/entries.csv?q=CSV-',
      headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toContain('"作品编号"');
    expect(lines.filter((l) => l.includes('"反诈微电影《守护》第7号, ""引号"""'))).toHaveLength(1);
  });
});

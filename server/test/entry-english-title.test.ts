import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../common/errors';
import { PHASES_SETTING } from '../../common/settings-keys';
import { readSettings, writeSetting } from '../src/db/repos/settings';
import { DIALECTS, ENTRY_FORM, type Entrant, newEntrant, openSubmissions, uploadEntryFiles, useTestApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';
import { api } from './submission-client';

type Card = { id: number; title: string; titleLang: string; lang: string };

/**
 * The optional English title, walked through the product on an empty install: entrants (writing in Chinese)
 * upload their files through tus and post the form, the organiser approves in the console, and the public
 * reads (gallery list, entry, home strip, the entry page's head) show the English title to English visitors
 * only, the locales' answers read back to back from the response cache.
 */
describe.each(DIALECTS)('the English title on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  let vc: VoteCheck;
  let base: string;

  // Back to back, well within a cached answer's lifetime: only the locale in the cache's key tells the answers apart.
  const read = (url: string, locale: string) => t.app.inject({ url, headers: { 'x-locale': locale } });
  const card = async (id: number, locale: string): Promise<Card | undefined> => {
    const res = await read('/api/gallery?pageSize=50', locale);
    expect(res.json().code, res.body).toBe(0);
    expect(res.headers.vary).toContain('x-locale');
    return (res.json().data.items as Card[]).find((e) => e.id === id);
  };
  const entry = async (id: number, locale: string): Promise<Card> => (await read(`/api/gallery/entries/${id}`, locale)).json().data;
  const homeCard = async (id: number, locale: string): Promise<Card | undefined> =>
    ((await read('/api/gallery/home', locale)).json().data.items as Card[]).find((e) => e.id === id);
  const post = (owner: Entrant, form: Record<string, unknown>, uploads: Record<string, string>) =>
    api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, ...form, uploads, answers: {} });
  const countEntries = async () => (await t.ctx.db.selectFrom('entries').select('id').execute()).length;

  beforeAll(async () => {
    vc = await voteCheck(t);
    base = await openSubmissions(t);
    await vc.openVoting();
  }, 120_000);

  it('English pages show the English title given in the form, Chinese pages the original, the console both', async () => {
    const owner = await newEntrant(t, base, 'zh-CN');
    const sent = await post(owner, { title: '最后一通电话', titleEn: '  The Last Call  ' }, await uploadEntryFiles(owner));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = (sent.body.data as { id: number }).id;
    expect((await t.ctx.db.selectFrom('entries').select('title_en').where('id', '=', id).executeTakeFirstOrThrow()).title_en).toBe('The Last Call');

    // The console shows both before and after approving.
    const detail = (await vc.admin('GET', `/api/admin/entries/${id}`)).json().data;
    expect(detail).toMatchObject({ title: '最后一通电话', titleEn: 'The Last Call' });
    const listed = (await vc.admin('GET', '/api/admin/entries?pageSize=50')).json().data;
    expect((listed.items as { id: number; titleEn: string | null }[]).find((e) => e.id === id)?.titleEn).toBe('The Last Call');
    expect((await vc.admin('POST', `/api/admin/entries/${id}/approve`)).statusCode).toBe(200);

    const english = { title: 'The Last Call', titleLang: 'en', lang: 'zh-CN' };
    const original = { title: '最后一通电话', titleLang: 'zh-CN', lang: 'zh-CN' };
    expect(await card(id, 'en-US')).toMatchObject(english);
    expect(await card(id, 'zh-CN')).toMatchObject(original);
    expect(await card(id, 'zh-TW')).toMatchObject({ title: '最后一通电话' });
    expect(await entry(id, 'en-US')).toMatchObject(english);
    expect(await entry(id, 'zh-CN')).toMatchObject(original);
    expect(await homeCard(id, 'en-US')).toMatchObject(english);
    expect(await homeCard(id, 'zh-CN')).toMatchObject(original);
    // The gallery's search finds it by either title.
    const found = (await read(`/api/gallery?q=${encodeURIComponent('last call')}`, 'en-US')).json().data.items as Card[];
    expect(found.map((e) => e.id)).toEqual([id]);

    // The entry page's title and link preview, as the server renders them.
    const enPage = (await read(`/en-US/gallery/${id}`, 'en-US')).body;
    expect(enPage).toMatch(/<title>The Last Call\b/);
    expect(enPage).toMatch(/<meta property="og:title" content="The Last Call\b/);
    const zhPage = (await read(`/zh-CN/gallery/${id}`, 'zh-CN')).body;
    expect(zhPage).toMatch(/<title>最后一通电话/);
    expect(zhPage).toMatch(/<meta property="og:title" content="最后一通电话/);
    expect(zhPage).not.toContain('The Last Call');

    // The owner gets it back to edit; an empty one is none, and English pages show the original again.
    const mine = await api(owner, 'GET', `/api/entries/mine/${id}`);
    expect(mine.body.data).toMatchObject({ title: '最后一通电话', titleEn: 'The Last Call' });
  }, 180_000);

  it('an edit sets, replaces or clears it; an entry without one shows its original title in English too', async () => {
    const owner = await newEntrant(t, base, 'zh-TW');
    const sent = await post(owner, { title: '沒有英文名' }, await uploadEntryFiles(owner));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = (sent.body.data as { id: number }).id;
    const edit = (titleEn: unknown) => api(owner, 'PUT', `/api/entries/mine/${id}`, { ...ENTRY_FORM, title: '沒有英文名', titleEn, uploads: {} });
    const stored = async () => (await t.ctx.db.selectFrom('entries').select('title_en').where('id', '=', id).executeTakeFirstOrThrow()).title_en;
    expect(await stored()).toBeNull();

    expect((await edit('No English Name')).status).toBe(200);
    expect(await stored()).toBe('No English Name');
    // Whitespace only is none.
    expect((await edit('   ')).status).toBe(200);
    expect(await stored()).toBeNull();

    expect((await vc.admin('POST', `/api/admin/entries/${id}/approve`)).statusCode).toBe(200);
    expect(await card(id, 'en-US')).toMatchObject({ title: '沒有英文名', titleLang: 'zh-TW', lang: 'zh-TW' });
    expect(await entry(id, 'en-US')).toMatchObject({ title: '沒有英文名', titleLang: 'zh-TW' });
  }, 180_000);

  it('refuses one longer or shorter than a title may be, with the title’s codes, and writes nothing', async () => {
    const owner = await newEntrant(t, base, 'zh-CN');
    const uploads = await uploadEntryFiles(owner);
    const before = await countEntries();
    const long = await post(owner, { title: '太长的英文名', titleEn: 'x'.repeat(51) }, uploads);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: Code.FieldTooLong, msg: 'The text is longer than allowed' });
    expect(long.body.data).toEqual({ fields: { titleEn: { code: Code.FieldTooLong, msg: 'The text is longer than allowed' } } });
    const short = await post(owner, { title: '太短的英文名', titleEn: ' x ' }, uploads);
    expect(short.body.code).toBe(Code.FieldTooShort);
    expect((await post(owner, { title: '不是文字', titleEn: 42 }, uploads)).body.code).toBe(Code.ParameterError);
    expect(await countEntries()).toBe(before);

    // Exactly the limit is taken (the same 50 characters as the title).
    const fits = await post(owner, { title: '刚好', titleEn: 'y'.repeat(50) }, uploads);
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    const id = (fits.body.data as { id: number }).id;
    // An edit with a too-long one is refused too, and the stored one stays.
    const edit = await api(owner, 'PUT', `/api/entries/mine/${id}`, { ...ENTRY_FORM, title: '刚好', titleEn: 'z'.repeat(51), uploads: {} });
    expect(edit.body.code).toBe(Code.FieldTooLong);
    expect((await t.ctx.db.selectFrom('entries').select('title_en').where('id', '=', id).executeTakeFirstOrThrow()).title_en).toBe('y'.repeat(50));
  }, 180_000);
  // Last: it closes the voting and publishes the results.
  it('a vote receipt and the published results name the entry as the page does: English on English pages', async () => {
    const owner = await newEntrant(t, base, 'zh-CN');
    const sent = await post(owner, { title: '第一百个电话', titleEn: 'The Hundredth Call' }, await uploadEntryFiles(owner));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = (sent.body.data as { id: number }).id;
    expect((await vc.admin('POST', `/api/admin/entries/${id}/approve`)).statusCode).toBe(200);

    const { receipt } = await vc.vote(id, '198.51.100.77');
    const check = async (locale: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/gallery/receipt', headers: { 'x-locale': locale }, payload: { receipt } })).json().data;
    expect(await check('en-US')).toMatchObject({ entryId: id, title: 'The Hundredth Call', titleLang: 'en', status: 'counted' });
    expect(await check('zh-CN')).toMatchObject({ entryId: id, title: '第一百个电话', titleLang: 'zh-CN' });

    // Voting and judging over; the organiser gives it an award and publishes.
    await vc.closeVoting();
    const phases = ((await readSettings(t.ctx.db))[PHASES_SETTING] ?? {}) as Record<string, { end: string }>;
    const votingEnd = phases.voting?.end as string;
    await writeSetting(t.ctx.db, PHASES_SETTING, { ...phases, judging: { start: votingEnd, end: new Date(Date.now() - 500).toISOString() } });
    const awards = (
      await vc.admin('POST', '/api/admin/jury/awards', { sort: 1, i18n: { 'zh-CN': { name: '金奖' }, 'zh-TW': {}, 'en-US': { name: 'Gold' } } })
    ).json().data as { id: number }[];
    expect((await vc.admin('PUT', `/api/admin/jury/entries/${id}/award`, { awardId: awards[0]?.id })).json().code).toBe(0);
    const published = await vc.admin('POST', '/api/admin/jury/results/publish');
    expect(published.json().code, published.body).toBe(0);

    const winner = async (locale: string) =>
      ((await read('/api/results', locale)).json().data.groups as { winners: { entryId: number; title: string; titleLang: string; award: string }[] }[])
        .flatMap((g) => g.winners)
        .find((w) => w.entryId === id);
    expect(await winner('en-US')).toMatchObject({ title: 'The Hundredth Call', titleLang: 'en', award: 'Gold' });
    expect(await winner('zh-CN')).toMatchObject({ title: '第一百个电话', titleLang: 'zh-CN', award: '金奖' });
    // The results page's HTML (what a visitor without JavaScript reads) names it the same way.
    expect((await read('/en-US/results', 'en-US')).body).toContain('lang="en">The Hundredth Call</a>');
    expect((await read('/zh-CN/results', 'zh-CN')).body).not.toContain('The Hundredth Call');
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { ADMIN_ENTRY_FORM_PATH } from '../../common/entry-form/admin-api';
import { ENTRY_FORM_PATH } from '../../common/entry-form/api';
import type { FieldDefinition, GroupDefinition, PublicEntryForm } from '../../common/entry-form/definitions';
import { Code } from '../../common/errors';
import { createTestJuror, createTestUser, DIALECTS, insertEntry, useTestApp } from './factories';

/**
 * The organiser's entry form on an empty install: the two default groups exist, groups and fields are made,
 * changed, ordered and deleted through the console API, and the public form reads what was set.
 */
describe.each(DIALECTS)('entry form: the console API (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });
  let admin = '';
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, locale = 'en-US') =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}`, 'x-locale': locale } });

  it('starts with the Open and Student Groups on an empty install, in every locale', async () => {
    admin = (await createTestUser(t.ctx, { role: 'admin' })).token;
    const res = await t.app.inject({ url: ENTRY_FORM_PATH, headers: { 'x-locale': 'en-US' } });
    expect(res.statusCode).toBe(200);
    const form = res.json().data as PublicEntryForm;
    expect(form.groups.map((g) => [g.key, g.name])).toEqual([
      ['open', 'Open Group'],
      ['student', 'Student Group'],
    ]);
    expect(form.groups[0]?.film).toEqual({ maxSeconds: 600, orientations: ['landscape'], minShortSide: 1080 });
    expect(form.fields).toEqual([]);
    const zh = (await t.app.inject({ url: ENTRY_FORM_PATH, headers: { 'x-locale': 'zh-TW' } })).json().data as PublicEntryForm;
    expect(zh.groups.map((g) => g.name)).toEqual(['公開組', '學生組']);
  });

  it('refuses every console route to visitors, entrants and jurors', async () => {
    const user = await createTestUser(t.ctx);
    const juror = await createTestUser(t.ctx, { role: 'juror' });
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', ADMIN_ENTRY_FORM_PATH],
      ['PUT', '/api/admin/entry-groups/short', { name: { 'zh-CN': '短片' }, film: { maxSeconds: 180, orientations: ['portrait'], minShortSide: null } }],
      ['DELETE', '/api/admin/entry-groups/open'],
      ['PUT', '/api/admin/entry-groups-order', { keys: ['student', 'open'] }],
      ['POST', '/api/admin/entry-fields', { type: 'shortText', label: { 'zh-CN': '学校' } }],
      ['PUT', '/api/admin/entry-fields/1', { type: 'shortText', label: { 'zh-CN': '学校' } }],
      ['DELETE', '/api/admin/entry-fields/1'],
      ['PUT', '/api/admin/entry-fields-order', { ids: [] }],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.app.inject({ method, url, payload: body as object })).json().code, `${method} ${url} anonymous`).toBe(Code.LoginRequired);
      expect((await call(method, url, body, user.token)).json().code, `${method} ${url} entrant`).toBe(Code.Forbidden);
      expect((await call(method, url, body, juror.token)).json().code, `${method} ${url} juror`).toBe(Code.Forbidden);
    }
    expect((await call('GET', ADMIN_ENTRY_FORM_PATH)).json().data.groups).toHaveLength(2);
  });

  it('adds, edits, orders and deletes groups; a group with entries cannot be deleted', async () => {
    const body = {
      name: { 'zh-CN': '竖屏短片组', 'en-US': 'Vertical Shorts' },
      description: { 'zh-CN': '三分钟以内的竖屏作品' },
      rules: { 'zh-CN': '须为 9:16 竖屏' },
      film: { maxSeconds: 180, orientations: ['portrait'], minShortSide: 1080 },
    };
    const made = await call('PUT', '/api/admin/entry-groups/vertical', body);
    expect(made.json().code, made.body).toBe(0);
    expect((made.json().data as GroupDefinition).position).toBe(2);
    // A cached public read is dropped by the console's write.
    const before = (await t.app.inject({ url: ENTRY_FORM_PATH, headers: { 'x-locale': 'en-US' } })).json().data as PublicEntryForm;
    expect(before.groups.map((g) => g.key)).toEqual(['open', 'student', 'vertical']);
    await call('PUT', '/api/admin/entry-groups/vertical', { ...body, name: { 'zh-CN': '竖屏组', 'en-US': 'Vertical' } });
    const after = (await t.app.inject({ url: ENTRY_FORM_PATH, headers: { 'x-locale': 'en-US' } })).json().data as PublicEntryForm;
    expect(after.groups.find((g) => g.key === 'vertical')?.name).toBe('Vertical');
    // Simplified Chinese falls back for a locale the organiser left empty.
    expect(after.groups.find((g) => g.key === 'vertical')?.rules).toBe('须为 9:16 竖屏');

    expect((await call('PUT', '/api/admin/entry-groups/Bad Key!', body)).json().code).toBe(Code.EntryGroupKey);
    expect((await call('PUT', '/api/admin/entry-groups/x2', { ...body, name: { 'en-US': 'No Chinese' } })).json().code).toBe(Code.EntryGroupNameRequired);
    expect((await call('PUT', '/api/admin/entry-groups/x2', { ...body, film: { maxSeconds: 0, orientations: [], minShortSide: 10 } })).json().code).toBe(
      Code.EntryGroupFilmLimits,
    );

    const order = await call('PUT', '/api/admin/entry-groups-order', { keys: ['vertical', 'open', 'student'] });
    expect((order.json().data as GroupDefinition[]).map((g) => g.key)).toEqual(['vertical', 'open', 'student']);
    expect((await call('PUT', '/api/admin/entry-groups-order', { keys: ['vertical', 'open'] })).json().code).toBe(Code.EntryGroupOrder);

    const user = await createTestUser(t.ctx);
    // Background: an entry naming the group (the submission suite sends real ones).
    await insertEntry(t.ctx, user.id, { group: 'open' });
    const refused = await call('DELETE', '/api/admin/entry-groups/open');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(Code.EntryGroupHasEntries);
    expect(refused.json().msg).toContain('1');
    expect((await call('DELETE', '/api/admin/entry-groups/vertical')).json().code).toBe(0);
    expect((await call('DELETE', '/api/admin/entry-groups/vertical')).json().code).toBe(Code.EntryGroupNotFound);
    const counts = (await call('GET', ADMIN_ENTRY_FORM_PATH)).json().data.entryCounts as Record<string, number>;
    expect(counts.open).toBe(1);
    // A juror's scope is one of the groups that exist.
    const juror = await createTestJuror(t.ctx);
    const scoped = await call('PUT', `/api/admin/jury/jurors/${juror.id}`, { juryMemberId: null, group: 'vertical' });
    expect(scoped.json().code).toBe(Code.EntryGroupUnknown);
    expect((await call('PUT', `/api/admin/jury/jurors/${juror.id}`, { juryMemberId: null, group: 'student' })).json().code).toBe(0);
  });

  it('adds fields of every type, refuses unsound ones, and orders them', async () => {
    const made: FieldDefinition[] = [];
    const add = async (body: object) => {
      const res = await call('POST', '/api/admin/entry-fields', body);
      expect(res.json().code, res.body).toBe(0);
      made.push(res.json().data as FieldDefinition);
      return res.json().data as FieldDefinition;
    };
    const label = (en: string) => ({ 'zh-CN': `${en}（中文）`, 'en-US': en });
    const dob = await add({ type: 'date', label: label('Date of birth'), required: true });
    await add({ type: 'shortText', label: label('School'), groupKey: 'student', limits: { maxLength: 40 } });
    await add({ type: 'longText', label: label('Director statement') });
    await add({ type: 'number', label: label('Crew size'), limits: { min: 1, max: 50, integer: true } });
    await add({
      type: 'singleChoice',
      label: label('Genre'),
      options: [
        { value: 'drama', label: label('Drama') },
        { value: 'comedy', label: label('Comedy') },
      ],
    });
    await add({
      type: 'multipleChoice',
      label: label('Themes'),
      options: [
        { value: 'a', label: label('A') },
        { value: 'b', label: label('B') },
      ],
      limits: { maxItems: 1 },
    });
    await add({ type: 'email', label: label('Contact e-mail') });
    await add({ type: 'phone', label: label('Phone') });
    await add({
      type: 'checkbox',
      label: label('Guardian consent'),
      consentText: label('My guardian agrees'),
      requiredIfYoungerThan: { ageFieldKey: dob.key, years: 18 },
    });
    await add({ type: 'file', label: label('Student ID card'), groupKey: 'student', required: true });
    await add({ type: 'teamMembers', label: label('Crew'), limits: { minItems: 1, maxItems: 3 } });
    expect(new Set(made.map((f) => f.key)).size).toBe(made.length);

    expect(
      (await call('POST', '/api/admin/entry-fields', { type: 'singleChoice', label: label('x'), options: [{ value: 'a', label: label('A') }] })).json().code,
    ).toBe(Code.EntryFieldOptions);
    expect((await call('POST', '/api/admin/entry-fields', { type: 'checkbox', label: label('x') })).json().code).toBe(Code.EntryFieldConsentText);
    expect((await call('POST', '/api/admin/entry-fields', { type: 'shortText', label: label('x'), groupKey: 'nope' })).json().code).toBe(Code.EntryFieldGroup);
    expect((await call('POST', '/api/admin/entry-fields', { type: 'shortText', label: { 'en-US': 'x' } })).json().code).toBe(Code.EntryFieldLabelRequired);
    expect((await call('POST', '/api/admin/entry-fields', { type: 'shortText', label: label('x'), limits: { minLength: 9, maxLength: 2 } })).json().code).toBe(
      Code.EntryFieldLimits,
    );
    const wrongAge = await call('POST', '/api/admin/entry-fields', {
      type: 'checkbox',
      label: label('x'),
      consentText: label('y'),
      requiredIfYoungerThan: { ageFieldKey: made[1]?.key, years: 18 },
    });
    expect(wrongAge.json().code).toBe(Code.EntryFieldAgeField);

    const reversed = made.map((f) => f.id).reverse();
    const ordered = (await call('PUT', '/api/admin/entry-fields-order', { ids: reversed })).json().data as FieldDefinition[];
    expect(ordered.map((f) => f.id)).toEqual(reversed);
    const form = (await t.app.inject({ url: ENTRY_FORM_PATH, headers: { 'x-locale': 'en-US' } })).json().data as PublicEntryForm;
    expect(form.fields.map((f) => f.label)).toEqual(made.map((f) => f.label['en-US']).reverse());
    expect(form.fields.find((f) => f.type === 'singleChoice')?.options).toEqual([
      { value: 'drama', label: 'Drama' },
      { value: 'comedy', label: 'Comedy' },
    ]);
    expect((await call('DELETE', `/api/admin/entry-fields/${made[2]?.id}`)).json().code).toBe(0);
    expect((await call('DELETE', `/api/admin/entry-fields/${made[2]?.id}`)).json().code).toBe(Code.EntryFieldNotFound);
  });
});

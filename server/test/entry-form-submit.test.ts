import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition, PresentedAnswer } from '../../common/entry-form/definitions';
import { Code } from '../../common/errors';
import {
  createTestJuror,
  createTestUser,
  DIALECTS,
  ENTRY_FORM,
  fixtureDir,
  makeEntryFilm,
  makeImage,
  newEntrant,
  openSubmissions,
  SMALL_PDF,
  submitEntry,
  uploadEntryFiles,
  uploadFieldFile,
  useTestApp,
} from './factories';
import { api, type Client, uploadFile } from './submission-client';

/**
 * The organiser's form on an empty install, walked as it is used: fields of every type made through the
 * console API (contest-wide and for the Student Group), entries sent through the API with answers (bad ones
 * refused with codes naming the field, nothing written), a guardian's consent asked of minors only, a student
 * ID card sent as a private image, a group's film limits, the answers as the owner, the organiser, a juror and
 * the CSV read them, and fields changed or deleted after entries were sent.
 */
describe.each(DIALECTS)('entry form: answers on submit (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 60_000 });
  let admin: Client;
  let base = '';
  const fields: Record<string, FieldDefinition> = {};
  const label = (en: string) => ({ 'zh-CN': `${en}（中）`, 'zh-TW': `${en}（繁）`, 'en-US': en });

  const consoleCall = async (method: string, url: string, body?: unknown) => api(admin, method, url, body);
  const entryCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function addField(name: string, body: object) {
    const res = await consoleCall('POST', '/api/admin/entry-fields', { visibleToJurors: true, ...body });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    fields[name] = res.body.data as FieldDefinition;
  }
  const key = (name: string) => (fields[name] as FieldDefinition).key;

  /** Answers an adult in the Open Group gives to every contest-wide field. */
  const adultAnswers = () => ({
    [key('dob')]: '1990-05-01',
    [key('statement')]: 'A film about a phone call that was not what it seemed.',
    [key('crewSize')]: 4,
    [key('genre')]: 'drama',
    [key('themes')]: ['elders', 'phones'],
    [key('contact')]: 'director@example.test',
    [key('phone')]: '+86 138-0000-0000',
    [key('originality')]: true,
    [key('crew')]: [{ name: 'Li Wei', role: 'Director', email: 'li@example.test' }],
    [key('privateNote')]: 'Shot on a borrowed phone',
  });

  it('sets up the form through the console API on an empty install', async () => {
    base = await openSubmissions(t);
    admin = { base, token: (await createTestUser(t.ctx, { role: 'admin' })).token };
    const groups = (await consoleCall('GET', '/api/admin/entry-form')).body.data.groups as { key: string }[];
    expect(groups.map((g) => g.key)).toEqual(['open', 'student']);
    await addField('dob', { type: 'date', label: label('Date of birth'), required: true, limits: { min: '1900-01-01' } });
    await addField('statement', { type: 'longText', label: label('Director statement'), limits: { minLength: 10, maxLength: 500 } });
    await addField('crewSize', { type: 'number', label: label('Crew size'), limits: { min: 1, max: 50, integer: true } });
    await addField('genre', {
      type: 'singleChoice',
      label: label('Genre'),
      required: true,
      options: [
        { value: 'drama', label: label('Drama') },
        { value: 'comedy', label: label('Comedy') },
      ],
    });
    await addField('themes', {
      type: 'multipleChoice',
      label: label('Themes'),
      options: ['elders', 'phones', 'money'].map((v) => ({ value: v, label: label(v) })),
      limits: { maxItems: 2 },
    });
    await addField('contact', { type: 'email', label: label('Contact e-mail') });
    await addField('phone', { type: 'phone', label: label('Phone') });
    await addField('originality', { type: 'checkbox', label: label('Originality'), required: true, consentText: label('The film is our own work') });
    await addField('guardian', {
      type: 'checkbox',
      label: label('Guardian consent'),
      consentText: label('My guardian agrees'),
      requiredIfYoungerThan: { ageFieldKey: key('dob'), years: 18 },
    });
    await addField('crew', { type: 'teamMembers', label: label('Crew'), limits: { minItems: 1, maxItems: 3 } });
    await addField('privateNote', { type: 'shortText', label: label('Note for the organiser'), visibleToJurors: false });
    await addField('school', { type: 'shortText', label: label('School'), groupKey: 'student', required: true, limits: { maxLength: 40 } });
    await addField('studentPledge', {
      type: 'checkbox',
      label: label('Student pledge'),
      groupKey: 'student',
      required: true,
      consentText: label('I am a full-time student'),
    });
    await addField('idCard', { type: 'file', label: label('Student ID card'), groupKey: 'student', required: true });
  });

  it('refuses bad answers with codes naming the field, and writes nothing', async () => {
    // Sending is limited to ten a minute per person: a new entrant for every eight tries.
    let owner = await newEntrant(t, base);
    let uploads = await uploadEntryFiles(owner);
    const before = await entryCount();
    const cases: [string, object, number, string, Record<string, unknown>?][] = [
      ['unknown group', { group: 'nope', answers: adultAnswers() }, Code.EntryGroupUnknown, 'group'],
      ['missing date of birth', { answers: { ...adultAnswers(), [key('dob')]: '' } }, Code.AnswerRequired, key('dob')],
      ['impossible date', { answers: { ...adultAnswers(), [key('dob')]: '2001-02-30' } }, Code.AnswerDate, key('dob')],
      ['short statement', { answers: { ...adultAnswers(), [key('statement')]: 'Too short' } }, Code.AnswerTooShort, key('statement'), { min: 10 }],
      ['fractional crew size', { answers: { ...adultAnswers(), [key('crewSize')]: 2.5 } }, Code.AnswerNotWhole, key('crewSize')],
      ['crew size over the limit', { answers: { ...adultAnswers(), [key('crewSize')]: 99 } }, Code.AnswerAboveMax, key('crewSize'), { max: 50 }],
      ['genre not offered', { answers: { ...adultAnswers(), [key('genre')]: 'horror' } }, Code.AnswerChoice, key('genre')],
      [
        'too many themes',
        { answers: { ...adultAnswers(), [key('themes')]: ['elders', 'phones', 'money'] } },
        Code.AnswerTooManyChoices,
        key('themes'),
        { max: 2 },
      ],
      ['bad e-mail', { answers: { ...adultAnswers(), [key('contact')]: 'not-an-address' } }, Code.AnswerEmail, key('contact')],
      ['bad phone', { answers: { ...adultAnswers(), [key('phone')]: 'call me' } }, Code.AnswerPhone, key('phone')],
      ['consent not ticked', { answers: { ...adultAnswers(), [key('originality')]: false } }, Code.ConsentRequired, key('originality')],
      [
        'member without a role',
        { answers: { ...adultAnswers(), [key('crew')]: [{ name: 'Li', role: '', email: '' }] } },
        Code.TeamMemberIncomplete,
        key('crew'),
      ],
      [
        'too many members',
        { answers: { ...adultAnswers(), [key('crew')]: Array(4).fill({ name: 'A', role: 'B', email: '' }) } },
        Code.TeamTooMany,
        key('crew'),
      ],
      ['a minor without the guardian', { answers: { ...adultAnswers(), [key('dob')]: '2014-03-03' } }, Code.ConsentRequired, key('guardian')],
      ['a student without school, pledge or card', { group: 'student', answers: adultAnswers() }, Code.AnswerRequired, key('school')],
      [
        'a student card that is another upload',
        { group: 'student', answers: { ...adultAnswers(), [key('school')]: 'No. 2 Middle School', [key('studentPledge')]: true, [key('idCard')]: 'COVER' } },
        Code.AnswerFileMissing,
        key('idCard'),
      ],
    ];
    for (const [i, [what, body, code, field, values]] of cases.entries()) {
      if (i > 0 && i % 8 === 0) {
        owner = await newEntrant(t, base);
        uploads = await uploadEntryFiles(owner);
      }
      const sent = JSON.parse(JSON.stringify(body).replace('"COVER"', JSON.stringify(uploads.cover)));
      const res = await api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, uploads, ...sent });
      expect(res.body.code, what).toBe(code);
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      const name = field === 'group' ? 'group' : `answers.${field}`;
      expect(res.body.data?.fields?.[name]?.code, `${what}: ${JSON.stringify(res.body)}`).toBe(code);
      if (values) expect(res.body.data?.values, what).toEqual(values);
    }
    // The student case names every missing answer, not just the first.
    const student = await api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, uploads, group: 'student', answers: adultAnswers() });
    expect(Object.keys(student.body.data.fields).sort()).toEqual(
      [`answers.${key('idCard')}`, `answers.${key('school')}`, `answers.${key('studentPledge')}`].sort(),
    );
    expect(student.body.data.fields[`answers.${key('studentPledge')}`].code).toBe(Code.ConsentRequired);
    expect(await entryCount()).toBe(before);
  });

  let openEntry = 0;
  let studentEntry = 0;
  let idCard: Buffer;

  it('takes an adult in the Open Group without the student pledge or a guardian, and shows the owner the answers', async () => {
    const owner = await newEntrant(t, base);
    const sent = await submitEntry(owner, { answers: { ...adultAnswers(), notAField: 'dropped' } });
    openEntry = sent.id;
    const mine = await api(owner, 'GET', `/api/entries/mine/${sent.id}`);
    const answers = mine.body.data.answers as PresentedAnswer[];
    expect(answers.map((a) => a.label)).toEqual([
      'Date of birth',
      'Director statement',
      'Crew size',
      'Genre',
      'Themes',
      'Contact e-mail',
      'Phone',
      'Originality',
      'Crew',
      'Note for the organiser',
    ]);
    expect(answers.find((a) => a.key === key('genre'))).toMatchObject({ value: 'drama', text: 'Drama' });
    expect(answers.find((a) => a.key === key('themes'))?.text).toBe('elders, phones');
    expect(answers.find((a) => a.key === key('originality'))?.text).toBe('Yes');
    expect(answers.find((a) => a.key === key('crew'))?.text).toBe('Li Wei / Director / li@example.test');
    expect(answers.some((a) => a.key === 'notAField')).toBe(false);
  });

  it('takes a minor in the Student Group with the guardian, the pledge and an ID card kept private', async () => {
    const owner = await newEntrant(t, base);
    idCard = await makeImage(856, 540, 'jpeg');
    // The card is checked by its bytes like the entry's images: a PDF is no image.
    expect((await uploadFile(owner, 'fieldFile', SMALL_PDF, 'card.pdf')).body.code).toBe(Code.ImageType);
    const card = await uploadFieldFile(owner, idCard);
    const sent = await submitEntry(owner, {
      form: { group: 'student' },
      answers: {
        ...adultAnswers(),
        [key('dob')]: '2011-09-09',
        [key('guardian')]: true,
        [key('school')]: 'No. 2 Middle School',
        [key('studentPledge')]: true,
        [key('idCard')]: card,
      },
    });
    studentEntry = sent.id;
    const row = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', card).executeTakeFirstOrThrow();
    expect(row.entry_id).toBe(sent.id);
    expect(row.public_url).toBeNull();
    expect(fs.existsSync(path.join(t.db.dataDir, 'media'))).toBe(true);
    const publicFiles = fs.readdirSync(path.join(t.db.dataDir, 'media'), { recursive: true }) as string[];
    expect(publicFiles.some((f) => f.includes(card))).toBe(false);

    // The owner sees the answer without a link; the organiser downloads the card through a signed link.
    const mine = (await api(owner, 'GET', `/api/entries/mine/${sent.id}`)).body.data.answers as PresentedAnswer[];
    expect(mine.find((a) => a.key === key('idCard'))).toMatchObject({ value: card, text: 'File attached' });
    expect(mine.find((a) => a.key === key('idCard'))?.fileUrl).toBeUndefined();
    const detail = await consoleCall('GET', `/api/admin/entries/${sent.id}`);
    const file = (detail.body.data.answers as PresentedAnswer[]).find((a) => a.key === key('idCard'));
    expect(file?.fileUrl).toMatch(/^\/api\/downloads\//);
    const download = await t.app.inject({ url: file?.fileUrl as string });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(idCard)).toBe(true);
    // Someone else's student card is not a usable answer.
    const other = await newEntrant(t, base);
    const res = await api(other, 'POST', '/api/entries', {
      ...ENTRY_FORM,
      uploads: await uploadEntryFiles(other),
      group: 'student',
      answers: { ...adultAnswers(), [key('school')]: 'X', [key('studentPledge')]: true, [key('idCard')]: await uploadFieldFile(owner, idCard) },
    });
    expect(res.body.code).toBe(Code.AnswerFileMissing);
  });

  it('shows a juror only the fields visible to jurors, and no file link', async () => {
    expect((await consoleCall('POST', `/api/admin/entries/${studentEntry}/approve`)).body.code).toBe(0);
    const juror = await createTestJuror(t.ctx);
    const view = await api({ base, token: juror.token }, 'GET', `/api/jury/judging/entries/${studentEntry}`);
    expect(view.body.code, JSON.stringify(view.body)).toBe(0);
    const answers = view.body.data.answers as PresentedAnswer[];
    expect(answers.some((a) => a.key === key('privateNote'))).toBe(false);
    expect(answers.some((a) => a.key === key('school'))).toBe(true);
    const card = answers.find((a) => a.key === key('idCard'));
    expect(card?.fileUrl).toBeUndefined();
    expect(card?.value).toBe('');
    // The organiser hides the school from jurors now: the entry already sent follows.
    const school = fields.school as FieldDefinition;
    await consoleCall('PUT', `/api/admin/entry-fields/${school.id}`, { ...school, visibleToJurors: false });
    const again = (await api({ base, token: juror.token }, 'GET', `/api/jury/judging/entries/${studentEntry}`)).body.data.answers as PresentedAnswer[];
    expect(again.some((a) => a.key === key('school'))).toBe(false);
  });

  it("refuses a film longer than its group's limit, naming the length and the limit", async () => {
    const made = await consoleCall('PUT', '/api/admin/entry-groups/shorts', {
      name: label('Shorts'),
      film: { maxSeconds: 180, orientations: ['landscape', 'portrait'], minShortSide: 720 },
    });
    expect(made.body.code).toBe(0);
    const dir = fixtureDir();
    try {
      const long = fs.readFileSync(await makeEntryFilm(path.join(dir, 'long.mp4'), { width: 1920, height: 1080, seconds: 185 }));
      const owner = await newEntrant(t, base);
      const uploads = await uploadEntryFiles(owner, long);
      const res = await api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, uploads, group: 'shorts', answers: adultAnswers() });
      expect(res.body.code).toBe(Code.FilmTooLongForGroup);
      expect(res.body.data.fields['uploads.video'].code).toBe(Code.FilmTooLongForGroup);
      expect(res.body.data.values).toEqual({ value: '3:05', limit: '3:00' });
      expect(res.body.msg).toContain('3:05');
      // The same film is fine in the Open Group (ten minutes).
      const open = await api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, uploads, answers: adultAnswers() });
      expect(open.status, JSON.stringify(open.body)).toBe(201);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A portrait-only group refuses a landscape film, in words.
    await consoleCall('PUT', '/api/admin/entry-groups/vertical', {
      name: label('Vertical'),
      film: { maxSeconds: 180, orientations: ['portrait'], minShortSide: null },
    });
    const owner = await newEntrant(t, base);
    const res = await api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: await uploadEntryFiles(owner), group: 'vertical', answers: adultAnswers() });
    expect(res.body.code).toBe(Code.FilmOrientationRefused);
    expect(res.body.data.values).toEqual({ value: 'landscape (16:9)', limit: 'portrait (9:16)' });
    // A 9:16 film is taken there.
    const tall = fixtureDir();
    try {
      const film = fs.readFileSync(await makeEntryFilm(path.join(tall, 'tall.mp4'), { width: 1080, height: 1920, seconds: 2 }));
      const vertical = await submitEntry(await newEntrant(t, base), { film, form: { group: 'vertical' }, answers: adultAnswers() });
      expect(vertical.id).toBeGreaterThan(0);
    } finally {
      fs.rmSync(tall, { recursive: true, force: true });
    }
    // Tightening the Open Group's limits later leaves the entries sent before readable and valid.
    await consoleCall('PUT', '/api/admin/entry-groups/open', { name: label('Open'), film: { maxSeconds: 1, orientations: ['portrait'], minShortSide: null } });
    const detail = await consoleCall('GET', `/api/admin/entries/${openEntry}`);
    expect(detail.body.code).toBe(0);
    const stored = await t.ctx.db.selectFrom('entries').select('form_snapshot').where('id', '=', openEntry).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.form_snapshot as string).film).toEqual({ maxSeconds: 600, orientations: ['landscape'], minShortSide: 1080 });
    await consoleCall('PUT', '/api/admin/entry-groups/open', {
      name: label('Open'),
      film: { maxSeconds: 600, orientations: ['landscape'], minShortSide: 1080 },
    });
  });

  it('keeps answers readable after their fields change or go, and refuses what would break them', async () => {
    const genre = fields.genre as FieldDefinition;
    expect((await consoleCall('PUT', `/api/admin/entry-fields/${genre.id}`, { ...genre, type: 'shortText' })).body.code).toBe(Code.EntryFieldTypeLocked);
    expect((await consoleCall('PUT', `/api/admin/entry-fields/${genre.id}`, { ...genre, label: label('Kind of film') })).body.code).toBe(0);
    expect((await consoleCall('DELETE', `/api/admin/entry-fields/${(fields.crew as FieldDefinition).id}`)).body.code).toBe(0);
    expect((await consoleCall('DELETE', '/api/admin/entry-groups/student')).body.code).toBe(Code.EntryGroupHasEntries);
    const detail = (await consoleCall('GET', `/api/admin/entries/${openEntry}`)).body.data.answers as PresentedAnswer[];
    expect(detail.find((a) => a.key === key('genre'))?.label).toBe('Genre');
    expect(detail.find((a) => a.key === key('crew'))?.text).toBe('Li Wei / Director / li@example.test');
  });

  it('exports every answer in the CSV, a column per field, statuses in words and times in the contest zone', async () => {
    const res = await t.app.inject({ url: '/api/admin/exports/entries.csv', headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' } });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0] as string;
    for (const l of ['Date of birth', 'Kind of film', 'Themes', 'Originality', 'Guardian consent', 'School', 'Student ID card', 'Crew'])
      expect(header).toContain(`"${l}"`);
    expect(header).toContain('(UTC+8)');
    // The removed Crew field comes after the organiser's current fields.
    expect(header.indexOf('"Crew"')).toBeGreaterThan(header.indexOf('"Student ID card"'));
    const open = lines.find((l) => l.startsWith(`"${openEntry}",`)) as string;
    expect(open).toContain('"Pending review"');
    expect(open).toContain('"Open"');
    expect(open).toContain('"Drama"');
    expect(open).toContain('"elders, phones"');
    expect(open).toContain('"Li Wei / Director / li@example.test"');
    expect(open).toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"/);
    const student = lines.find((l) => l.startsWith(`"${studentEntry}",`)) as string;
    expect(student).toContain('"Approved"');
    expect(student).toContain('"No. 2 Middle School"');
    expect(student).toContain('"File attached"');
  });

  it('checks answers again when the owner changes the entry', async () => {
    const owner = await newEntrant(t, base);
    const sent = await submitEntry(owner, { answers: adultAnswers() });
    const body = { ...ENTRY_FORM, uploads: {}, answers: { ...adultAnswers(), [key('crewSize')]: 0 } };
    const refused = await api(owner, 'PUT', `/api/entries/mine/${sent.id}`, body);
    expect(refused.body.code).toBe(Code.AnswerBelowMin);
    expect(refused.body.data.fields[`answers.${key('crewSize')}`].code).toBe(Code.AnswerBelowMin);
    const changed = await api(owner, 'PUT', `/api/entries/mine/${sent.id}`, { ...body, answers: { ...adultAnswers(), [key('crewSize')]: 7 } });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(0);
    expect((changed.body.data.answers as PresentedAnswer[]).find((a) => a.key === key('crewSize'))?.value).toBe(7);
  });
});

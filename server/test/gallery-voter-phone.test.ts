import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSettings } from '../src/config';
import { castVote } from '../src/services/gallery/votes';
import { DIALECTS, solvedChallenge, startTestApp, type TestApp } from './factories';
import { type FakeSmsProvider, SMS_KEY, startFakeAliyun, startFakeTencent } from './helpers/sms-providers';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * Phone voting on an empty install, through the product: entries submitted and approved through the API,
 * the organiser's mode and rule saved through the console API, codes asked for through the vote-sms route and
 * texted by the real Alibaba Cloud and Tencent Cloud SDKs to local servers that speak their protocols and check
 * their signatures; the code is read from what those servers received, and every vote goes through the vote
 * endpoint (expiry: the vote service with a later clock, as the e-mail suite does).
 */
const smsSettings = (provider: 'aliyun' | 'tencent', url: string): SmsSettings => ({
  provider,
  accessKeyId: SMS_KEY.id,
  accessKeySecret: SMS_KEY.secret,
  signName: '微电影大赛',
  templateCode: provider === 'aliyun' ? 'SMS_123456789' : '1234567',
  sdkAppId: '1400000000',
  region: provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou',
  endpoint: url,
});

type Answer = { status: number; code: number; data?: { fields?: Record<string, { code: number }>; receipt?: string } };

function phoneVoting(getT: () => TestApp, getVc: () => VoteCheck) {
  const settings = async (more: Record<string, unknown>) => {
    const vc = getVc();
    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    const payload = { ...current, organiserEmail: 'org@example.test', powBase: 1000, stepUpPerHour: 0, subnetPerHour: 0, ...more };
    const res = await vc.admin('PUT', '/api/admin/settings', payload);
    expect(res.json().code, res.body).toBe(0);
  };
  const ask = async (phone: string, ip: string): Promise<Answer> => {
    const t = getT();
    const payload = { phone, altcha: await solvedChallenge(t, 'voteCode', ip) };
    const res = await t.app.inject({ method: 'POST', url: '/api/gallery/vote-sms', remoteAddress: ip, headers: { 'x-locale': 'en-US' }, payload });
    return { status: res.statusCode, code: res.json().code, data: res.json().data };
  };
  const vote = async (entryId: number, body: object, ip: string): Promise<Answer> => {
    const res = await getT().app.inject({
      method: 'POST',
      url: `/api/gallery/entries/${entryId}/vote`,
      remoteAddress: ip,
      headers: { 'x-locale': 'en-US', 'user-agent': 'Mozilla/5.0 Chrome/120' },
      payload: body,
    });
    return { status: res.statusCode, code: res.json().code, data: res.json().data };
  };
  return { settings, ask, vote };
}

describe.each(DIALECTS)('phone voters with Alibaba Cloud SMS on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeSmsProvider;
  let vc: VoteCheck;
  let first = 0;
  let second = 0;
  const { settings, ask, vote } = phoneVoting(
    () => t,
    () => vc,
  );
  const count = async (id: number) => (await t.ctx.db.selectFrom('entries').select('vote_count').where('id', '=', id).executeTakeFirstOrThrow()).vote_count;

  beforeAll(async () => {
    fake = await startFakeAliyun();
    t = await startTestApp(dialect, { demoContent: false, sms: smsSettings('aliyun', fake.url) }, { logLevel: 'info' });
    vc = await voteCheck(t);
    first = await vc.submitApproved();
    second = await vc.submitApproved();
    await vc.openVoting();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('outside phone mode no code is texted (2053)', async () => {
    await settings({ voterMode: 'email', votingRule: 'perEntry' });
    expect((await ask('13800138000', '198.51.100.1')).code).toBe(2053);
    expect(fake.received).toHaveLength(0);
  });

  it('a texted code counts one vote; both spellings of a number are one voter; wrong and reused codes count nothing', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    expect(await ask('+86 138 0013 8000', '192.0.2.10')).toMatchObject({ status: 200, code: 0 });
    const sent = fake.received.at(-1);
    expect(sent).toMatchObject({ to: '+8613800138000', signName: '微电影大赛', template: 'SMS_123456789', signed: true });
    const code = fake.lastCodeTo('+8613800138000');
    expect(code).toMatch(/^\d{6}$/);
    const before = await count(first);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await vote(first, { phone: '13800138000', code: wrong }, '192.0.2.11')).toMatchObject({ code: 2022, data: { fields: { code: { code: 2022 } } } });
    expect(await vote(first, { phone: '13800138000' }, '192.0.2.11')).toMatchObject({ code: 2025 });
    expect(await count(first)).toBe(before);
    const counted = await vote(first, { phone: '13800138000', code }, '192.0.2.11');
    expect(counted.code).toBe(0);
    expect(counted.data?.receipt).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{1,5}){5}$/);
    expect(await count(first)).toBe(before + 1);
    expect((await vote(first, { phone: '+86 138 0013 8000', code }, '192.0.2.12')).code).toBe(2024);
    // The organiser sees the number masked, never whole.
    const audit = await t.ctx.db
      .selectFrom('vote_audit')
      .select(['voter_label', 'voter_key'])
      .where('entry_id', '=', first)
      .where('outcome', '=', 'counted')
      .execute();
    expect(audit.map((a) => a.voter_label)).toContain('+86 138****8000');
    expect(JSON.stringify(audit)).not.toContain('13800138000');
  });

  it('a code used eleven minutes after it was sent has expired (2023)', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    expect((await ask('13900139000', '192.0.2.20')).code).toBe(0);
    const code = fake.lastCodeTo('+8613900139000');
    await expect(
      castVote(t.ctx, { entryId: first, voterKey: 'x', ip: '192.0.2.21', phone: '13900139000', code }, new Date(Date.now() + 11 * 60_000)),
    ).rejects.toMatchObject({ code: 2023 });
  });

  it('refuses numbers that are not mobile numbers, naming the field, and texts nothing', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    const before = fake.received.length;
    expect(await ask('12345', '192.0.2.30')).toMatchObject({ status: 400, code: 2050, data: { fields: { phone: { code: 2050 } } } });
    expect(await ask('+44 7700 9001', '192.0.2.31')).toMatchObject({ status: 400, code: 2050 });
    // A Beijing landline: a valid number, but no text reaches it.
    expect(await ask('010 1234 5678', '192.0.2.32')).toMatchObject({ status: 400, code: 2051, data: { fields: { phone: { code: 2051 } } } });
    expect(await ask('', '192.0.2.33')).toMatchObject({ status: 400 });
    expect(await vote(first, { phone: '010 1234 5678', code: '123456' }, '192.0.2.34')).toMatchObject({ code: 2051 });
    expect(fake.received.length).toBe(before);
  });

  it('twenty guesses at once on one code: exactly five are compared (2022), the rest find it used up (2023), and so does the right code', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    expect((await ask('13700137000', '192.0.2.40')).code).toBe(0);
    const right = fake.lastCodeTo('+8613700137000');
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => vote(first, { phone: '13700137000', code: wrong(i) }, `10.${i}.0.1`)));
    const tally = (c: number) => guesses.filter((g) => g.code === c).length;
    console.info(`[${dialect}] 20 parallel guesses: ${tally(2022)} compared (2022), ${tally(2023)} used up (2023)`);
    expect(tally(2022)).toBe(5);
    expect(tally(2023)).toBe(15);
    expect((await vote(first, { phone: '13700137000', code: right }, '10.99.0.1')).code).toBe(2023);
  });

  it('one number gets five texts an hour however it is spelt and from however many networks, even all at once', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    const before = fake.received.filter((r) => r.to === '+8613600136000').length;
    const spellings = [
      '13600136000',
      '+86 136 0013 6000',
      '+86-136-0013-6000',
      '(+86) 13600136000',
      '008613600136000',
      '136 0013 6000',
      '+8613600136000',
      '13600136000',
    ];
    const answers = await Promise.all(spellings.map((phone, i) => ask(phone, `100.${64 + i}.0.1`)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.code === 9429)).toHaveLength(3);
    expect(fake.received.filter((r) => r.to === '+8613600136000').length - before).toBe(5);
  });

  it('one /24 gets twenty texts an hour, for any numbers; the next network still can', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    const answers: Answer[] = [];
    for (let i = 0; i < 22; i++) answers.push(await ask(`1350013${String(1000 + i)}`, `203.0.113.${i + 1}`));
    expect(answers.map((a) => a.code)).toEqual([...Array(20).fill(0), 9429, 9429]);
    expect((await ask('13500139999', '203.0.114.1')).code).toBe(0);
  });

  it.each([
    ['perEntry', { again: 2015, other: 0 }],
    ['perContest', { again: 2015, other: 2015 }],
    ['perEntryPerDay', { again: 2015, other: 0 }],
  ] as const)('one vote per number under the %s rule, whichever way the number is typed', async (rule, expected) => {
    await settings({ voterMode: 'phone', votingRule: rule });
    const phone = { perEntry: '15000150001', perContest: '15000150002', perEntryPerDay: '15000150003' }[rule];
    const e164 = `+86${phone}`;
    const spelt = `+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    const withCode = async (typed: string, entryId: number, ip: string) => {
      expect((await ask(typed, ip)).code).toBe(0);
      return vote(entryId, { phone: typed, code: fake.lastCodeTo(e164) }, ip);
    };
    expect((await withCode(phone, first, '198.18.1.1')).code).toBe(0);
    expect((await withCode(spelt, first, '198.18.2.1')).code).toBe(expected.again);
    expect((await withCode(spelt, second, '198.18.3.1')).code).toBe(expected.other);
  });

  it('phone votes spend the address budget like e-mail votes: past the hourly threshold one address is refused (2031)', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry', stepUpPerHour: 2 });
    const codes: number[] = [];
    for (const [i, phone] of ['15100151001', '15100151002', '15100151003'].entries()) {
      expect((await ask(phone, `198.19.${i}.1`)).code).toBe(0);
      codes.push((await vote(first, { phone, code: fake.lastCodeTo(`+86${phone}`) }, '198.20.0.5')).code);
    }
    expect(codes).toEqual([0, 0, 2031]);
  });

  it('a provider refusal: the voter gets 2052, the organiser a log line with the provider code, and the code received is not usable', async () => {
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
    fake.refuse = 'isv.BUSINESS_LIMIT_CONTROL';
    try {
      const refused = await ask('18800188000', '192.0.2.60');
      expect(refused).toMatchObject({ status: 502, code: 2052 });
    } finally {
      fake.refuse = null;
    }
    const logged = t.lines.find((l) => l.msg.includes('isv.BUSINESS_LIMIT_CONTROL'));
    expect(logged?.msg).toContain('+86 188****8000');
    expect(logged?.msg).not.toContain('18800188000');
    expect((await vote(first, { phone: '18800188000', code: fake.lastCodeTo('+8618800188000') }, '192.0.2.61')).code).toBe(2022);
    // The refusal cost the number none of its five texts an hour.
    for (let i = 0; i < 5; i++) expect((await ask('18800188000', `192.0.${70 + i}.1`)).code).toBe(0);
  });
});

describe.each(DIALECTS)('phone voters with Tencent Cloud SMS on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeSmsProvider;
  let vc: VoteCheck;
  let entry = 0;
  const { settings, ask, vote } = phoneVoting(
    () => t,
    () => vc,
  );

  beforeAll(async () => {
    fake = await startFakeTencent();
    t = await startTestApp(dialect, { demoContent: false, sms: smsSettings('tencent', fake.url) }, { logLevel: 'info' });
    vc = await voteCheck(t);
    entry = await vc.submitApproved();
    await vc.openVoting();
    await settings({ voterMode: 'phone', votingRule: 'perEntry' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a signed SendSms texts the code, which counts one vote', async () => {
    expect(await ask('+86 138 0013 8000', '192.0.2.10')).toMatchObject({ status: 200, code: 0 });
    expect(fake.received.at(-1)).toMatchObject({ to: '+8613800138000', signName: '微电影大赛', template: '1234567', signed: true });
    const counted = await vote(entry, { phone: '13800138000', code: fake.lastCodeTo('+8613800138000') }, '192.0.2.11');
    expect(counted.code).toBe(0);
    expect((await vote(entry, { phone: '13800138000', code: fake.lastCodeTo('+8613800138000') }, '192.0.2.12')).code).toBe(2024);
  });

  it("a number's refusal: 2052 for the voter, the provider's code in the log, no usable code", async () => {
    fake.refuse = 'LimitExceeded.PhoneNumberDailyLimit';
    try {
      expect(await ask('13900139000', '192.0.2.20')).toMatchObject({ status: 502, code: 2052 });
    } finally {
      fake.refuse = null;
    }
    expect(t.lines.some((l) => l.msg.includes('LimitExceeded.PhoneNumberDailyLimit'))).toBe(true);
    expect((await vote(entry, { phone: '13900139000', code: fake.lastCodeTo('+8613900139000') }, '192.0.2.21')).code).toBe(2022);
  });
});

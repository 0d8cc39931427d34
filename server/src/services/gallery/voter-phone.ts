import lpn from 'google-libphonenumber';
import { Code } from '../../../../common/errors';
import { VOTE_CODE_TTL_MINUTES } from '../../../../common/gallery';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { SmsRefused } from '../../sms/sms';
import { mailIdentity } from '../content/identity';
import { redeemSolution } from './challenge';
import { subnetOf } from './subnet';
import { type CodeIdentity, redeemVoterCode, sendVoterCode } from './voter-codes';
import { votingSettings } from './voting-settings';

/**
 * Phone voting: a voter proves a mobile number by a 6-digit code texted to it (voter-codes.ts); the vote is
 * then keyed on the number in E.164, so `+86 138 0013 8000` and `13800138000` are one voter. A number typed
 * without `+` is read as a mainland China number. Only numbers whose plan says mobile (or, where the plan
 * cannot tell, mobile or fixed: the US and Canada) are taken: a landline cannot receive the code, and a text
 * to it would cost the organiser for nothing. Numbers are kept only as keyed hashes and, for the organiser,
 * masked (`+86 138****8000`).
 */
const DEFAULT_REGION = 'CN';
/** A text costs the organiser money: five an hour per number, twenty an hour per /24 (or /48). */
const CODES_PER_NUMBER_HOUR = 5;
const CODES_PER_SUBNET_HOUR = 20;

const util = lpn.PhoneNumberUtil.getInstance();
const MOBILE_TYPES = new Set([lpn.PhoneNumberType.MOBILE, lpn.PhoneNumberType.FIXED_LINE_OR_MOBILE]);

/** The number in E.164 (`+8613800138000`): 2050 when it is no valid number, 2051 when it is not a mobile one. */
export function canonicalPhone(typed: string): string {
  const refuse = (c: typeof Code.PhoneFormat | typeof Code.PhoneNotMobile) => new AppError(c, { fields: { phone: c } });
  let parsed: lpn.PhoneNumber;
  try {
    parsed = util.parse(typed.trim(), DEFAULT_REGION);
  } catch {
    throw refuse(Code.PhoneFormat);
  }
  if (!util.isValidNumber(parsed)) throw refuse(Code.PhoneFormat);
  if (!MOBILE_TYPES.has(util.getNumberType(parsed))) throw refuse(Code.PhoneNotMobile);
  return util.format(parsed, lpn.PhoneNumberFormat.E164);
}

/** What the audit shows of a number: its country code, the first three and the last four digits. */
export function maskPhone(e164: string): string {
  const parsed = util.parse(e164);
  const national = util.getNationalSignificantNumber(parsed);
  return `+${parsed.getCountryCode()} ${national.slice(0, 3)}****${national.slice(-4)}`;
}

const handset = (e164: string): CodeIdentity => ({ channel: 'sms', canonical: e164 });

/**
 * Texts a fresh code (the solved challenge first; five an hour per number, twenty an hour per subnet). A
 * provider's refusal is logged with its own code for the organiser and answers 2052; its code row is taken back.
 */
export async function sendPhoneCode(
  ctx: AppContext,
  input: { phone: string; altcha: string },
  locale: Locale,
  ip: string,
  log: (line: string) => void,
  now = new Date(),
): Promise<void> {
  // Outside phone mode nobody needs a code, and a text would only cost the organiser and bother someone.
  if ((await votingSettings(ctx.db, now)).voterMode !== 'phone') throw new AppError(Code.SmsCodeNotUsed);
  await redeemSolution(ctx, input.altcha, 'voteCode', now);
  const to = canonicalPhone(input.phone);
  const { site } = await mailIdentity(ctx.db, locale, ctx.config.publicUrl);
  const limits = { perIdentityHour: CODES_PER_NUMBER_HOUR, perSubnetHour: CODES_PER_SUBNET_HOUR };
  await sendVoterCode(
    ctx,
    { identity: handset(to), subnet: subnetOf(ip), limits, failure: Code.SmsSendFailed },
    async (code) => {
      try {
        await ctx.sms.send({ to, code, text: t(locale, 'vote.sms.text', { site, code, minutes: VOTE_CODE_TTL_MINUTES }) });
      } catch (err) {
        const said = err instanceof SmsRefused ? `${err.provider} ${err.providerCode}: ${err.message}` : String(err);
        log(`voting code text to ${maskPhone(to)} not sent (${said})`);
        throw new AppError(Code.SmsSendFailed, { cause: err });
      }
    },
    now,
  );
}

/** Uses the number's latest code (2025 without a number or code; 2050/2051 for a bad number; the rest in voter-codes.ts). */
export async function redeemPhoneCode(ctx: AppContext, phone: string | undefined, code: string | undefined, now = new Date()) {
  if (!phone?.trim() || !code?.trim()) throw new AppError(Code.VoteCodeRequired, { fields: { code: Code.VoteCodeRequired } });
  const e164 = canonicalPhone(phone);
  const hash = await redeemVoterCode(ctx, handset(e164), code, now);
  return { voterKey: `p:${hash}`, label: maskPhone(e164) };
}

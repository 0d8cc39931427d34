import type { ConsoleSettings, ConsoleSettingsView } from '../../../../common/console/schemas';
import { UPLOAD_GRACE_DEFAULT_MINUTES } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import { COUNT_DELAY_RANGE, PER_DAY_TOTAL_RANGE } from '../../../../common/gallery';
import { PRIVACY_RETENTION_DEFAULT_DAYS } from '../../../../common/privacy';
import { EMPOWER_MAX_BYTES_DEFAULT, ENTRY_LIMIT_DEFAULT } from '../../../../common/schemas/entry';
import {
  COUNT_DELAY_SETTING,
  COUNT_DISPLAY_SETTING,
  EMPOWER_MAX_BYTES_SETTING,
  ENTRY_LIMIT_SETTING,
  GALLERY_BEFORE_VOTING_SETTING,
  HOME_FILM_ORDER_SETTING,
  ORGANISER_EMAIL_SETTING,
  PER_DAY_TOTAL_SETTING,
  POW_BASE_SETTING,
  POW_STEP_UP_SETTING,
  PRIVACY_RETENTION_SETTING,
  STEP_UP_SETTING,
  STRIP_PLUS_TAGS_SETTING,
  SUBNET_SETTING,
  UPLOAD_GRACE_SETTING,
  VOTER_MODE_SETTING,
  VOTING_RULE_SETTING,
  WECHAT_SETTINGS,
} from '../../../../common/settings-keys';
import { type Config, PLACEHOLDER_ORGANISER_EMAIL } from '../../config';
import type { Db } from '../../db/database';
import { readSettings, writeSetting } from '../../db/repos/settings';
import { AppError } from '../../errors';
import { type AuditScope, recordAudit } from '../audit/audit-log';
import { homeFilmOrderOf } from '../gallery/home-films';
import { wechatAppsFrom } from '../gallery/voter-wechat';
import {
  DEFAULT_POW_BASE,
  DEFAULT_POW_STEP_UP,
  DEFAULT_RULE,
  DEFAULT_STEP_UP_PER_HOUR,
  DEFAULT_SUBNET_PER_HOUR,
  DEFAULT_VOTER_MODE,
  forgetVotingSettings,
} from '../gallery/voting-settings';

/** The settings keys other areas read (see their services); the console is their only writer. */
export const SETTING_KEYS = {
  votingRule: VOTING_RULE_SETTING,
  perDayTotal: PER_DAY_TOTAL_SETTING,
  voterMode: VOTER_MODE_SETTING,
  stepUpPerHour: STEP_UP_SETTING,
  subnetPerHour: SUBNET_SETTING,
  powBase: POW_BASE_SETTING,
  powStepUp: POW_STEP_UP_SETTING,
  stripPlusTags: STRIP_PLUS_TAGS_SETTING,
  organiserEmail: ORGANISER_EMAIL_SETTING,
  entryLimit: ENTRY_LIMIT_SETTING,
  empowerMaxBytes: EMPOWER_MAX_BYTES_SETTING,
  galleryBeforeVoting: GALLERY_BEFORE_VOTING_SETTING,
  homeFilmOrder: HOME_FILM_ORDER_SETTING,
  uploadGraceMinutes: UPLOAD_GRACE_SETTING,
  countDisplay: COUNT_DISPLAY_SETTING,
  countDelayMinutes: COUNT_DELAY_SETTING,
  privacyRetentionDays: PRIVACY_RETENTION_SETTING,
} as const;

// The readers' own defaults, so the console shows what the site actually does while a key is unset.
const DEFAULTS = {
  votingRule: DEFAULT_RULE,
  perDayTotal: PER_DAY_TOTAL_RANGE.default,
  voterMode: DEFAULT_VOTER_MODE,
  stepUpPerHour: DEFAULT_STEP_UP_PER_HOUR,
  subnetPerHour: DEFAULT_SUBNET_PER_HOUR,
  powBase: DEFAULT_POW_BASE,
  powStepUp: DEFAULT_POW_STEP_UP,
  entryLimit: ENTRY_LIMIT_DEFAULT,
  empowerMaxBytes: EMPOWER_MAX_BYTES_DEFAULT,
  uploadGraceMinutes: UPLOAD_GRACE_DEFAULT_MINUTES,
  countDisplay: 'live',
  countDelayMinutes: COUNT_DELAY_RANGE.default,
  privacyRetentionDays: PRIVACY_RETENTION_DEFAULT_DAYS,
} as const;

/** The last four characters of a saved secret, enough for the organiser to tell which one it is. */
const tail = (v: unknown) => (typeof v === 'string' && v ? v.slice(-4) : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function readConsoleSettings(db: Db, config: Config): Promise<ConsoleSettingsView> {
  const s = await readSettings(db);
  return {
    votingRule: (s[SETTING_KEYS.votingRule] as ConsoleSettings['votingRule']) ?? DEFAULTS.votingRule,
    perDayTotal: Number(s[SETTING_KEYS.perDayTotal] ?? DEFAULTS.perDayTotal),
    voterMode: (s[SETTING_KEYS.voterMode] as ConsoleSettings['voterMode']) ?? DEFAULTS.voterMode,
    stepUpPerHour: Number(s[SETTING_KEYS.stepUpPerHour] ?? DEFAULTS.stepUpPerHour),
    subnetPerHour: Number(s[SETTING_KEYS.subnetPerHour] ?? DEFAULTS.subnetPerHour),
    powBase: Number(s[SETTING_KEYS.powBase] ?? DEFAULTS.powBase),
    powStepUp: Number(s[SETTING_KEYS.powStepUp] ?? DEFAULTS.powStepUp),
    stripPlusTags: s[SETTING_KEYS.stripPlusTags] === true,
    // The built-in placeholder is not an address the form can save; show the field empty so it asks for one.
    organiserEmail: String(s[SETTING_KEYS.organiserEmail] ?? (config.organiserEmail === PLACEHOLDER_ORGANISER_EMAIL ? '' : config.organiserEmail)),
    entryLimit: Number(s[SETTING_KEYS.entryLimit] ?? DEFAULTS.entryLimit),
    empowerMaxBytes: Number(s[SETTING_KEYS.empowerMaxBytes] ?? DEFAULTS.empowerMaxBytes),
    galleryBeforeVoting: s[SETTING_KEYS.galleryBeforeVoting] === true,
    homeFilmOrder: homeFilmOrderOf(s[SETTING_KEYS.homeFilmOrder]),
    uploadGraceMinutes: Number(s[SETTING_KEYS.uploadGraceMinutes] ?? DEFAULTS.uploadGraceMinutes),
    countDisplay: (s[SETTING_KEYS.countDisplay] as ConsoleSettings['countDisplay']) ?? DEFAULTS.countDisplay,
    countDelayMinutes: Number(s[SETTING_KEYS.countDelayMinutes] ?? DEFAULTS.countDelayMinutes),
    privacyRetentionDays: Number(s[SETTING_KEYS.privacyRetentionDays] ?? DEFAULTS.privacyRetentionDays),
    wechatMpAppId: text(s[WECHAT_SETTINGS.mpAppId]),
    wechatWebAppId: text(s[WECHAT_SETTINGS.webAppId]),
    // Write-only: a secret never leaves the server again, only its tail.
    wechatMpSecret: '',
    wechatWebSecret: '',
    wechatSecretTails: { mp: tail(s[WECHAT_SETTINGS.mpSecret]), web: tail(s[WECHAT_SETTINGS.webSecret]) },
  };
}

/** Writes every setting (the phases have their own route) in one transaction: a refused value leaves all of them as they were. */
export async function writeConsoleSettings(db: Db, config: Config, input: ConsoleSettings, audit: AuditScope | null = null): Promise<ConsoleSettingsView> {
  const saved = await readSettings(db);
  // An empty secret keeps the saved one; the app ids are written as given (empty: the environment's).
  const wechat: Record<string, string> = {
    [WECHAT_SETTINGS.mpAppId]: input.wechatMpAppId,
    [WECHAT_SETTINGS.mpSecret]: input.wechatMpSecret || text(saved[WECHAT_SETTINGS.mpSecret]),
    [WECHAT_SETTINGS.webAppId]: input.wechatWebAppId,
    [WECHAT_SETTINGS.webSecret]: input.wechatWebSecret || text(saved[WECHAT_SETTINGS.webSecret]),
  };
  // WeChat voters need an app to sign in with: at least one id and secret pair, from here or the environment.
  const apps = wechatAppsFrom(wechat, config.wechat);
  if (input.voterMode === 'wechat' && !apps.mp && !apps.web) throw new AppError(Code.WechatNotConfigured, { fields: { voterMode: Code.WechatNotConfigured } });
  await db.transaction().execute(async (trx) => {
    // The audit keeps the view the console shows: secrets only by their last four characters.
    const before = audit && (await readConsoleSettings(trx, config));
    for (const [key, value] of Object.entries(wechat)) await writeSetting(trx, key, value);
    await writeSetting(trx, SETTING_KEYS.votingRule, input.votingRule);
    await writeSetting(trx, SETTING_KEYS.perDayTotal, input.perDayTotal);
    await writeSetting(trx, SETTING_KEYS.voterMode, input.voterMode);
    await writeSetting(trx, SETTING_KEYS.stepUpPerHour, input.stepUpPerHour);
    await writeSetting(trx, SETTING_KEYS.subnetPerHour, input.subnetPerHour);
    await writeSetting(trx, SETTING_KEYS.powBase, input.powBase);
    await writeSetting(trx, SETTING_KEYS.powStepUp, input.powStepUp);
    await writeSetting(trx, SETTING_KEYS.stripPlusTags, input.stripPlusTags);
    await writeSetting(trx, SETTING_KEYS.organiserEmail, input.organiserEmail);
    await writeSetting(trx, SETTING_KEYS.entryLimit, input.entryLimit);
    await writeSetting(trx, SETTING_KEYS.empowerMaxBytes, input.empowerMaxBytes);
    await writeSetting(trx, SETTING_KEYS.galleryBeforeVoting, input.galleryBeforeVoting);
    await writeSetting(trx, SETTING_KEYS.homeFilmOrder, input.homeFilmOrder);
    await writeSetting(trx, SETTING_KEYS.uploadGraceMinutes, input.uploadGraceMinutes);
    await writeSetting(trx, SETTING_KEYS.countDisplay, input.countDisplay);
    await writeSetting(trx, SETTING_KEYS.countDelayMinutes, input.countDelayMinutes);
    await writeSetting(trx, SETTING_KEYS.privacyRetentionDays, input.privacyRetentionDays);
    if (audit) await recordAudit(trx, audit, { before, after: await readConsoleSettings(trx, config) });
  });
  // This instance applies the voting settings at once; others within their one-second cache.
  forgetVotingSettings(db);
  return readConsoleSettings(db, config);
}

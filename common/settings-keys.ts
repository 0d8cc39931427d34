/**
 * Every key of the settings table, spelt once: the services that read a key, the console that writes it,
 * the seed, and the tests that set one up all name it through these constants.
 */

/** { [phase]: { start, end } } as ISO strings. */
export const PHASES_SETTING = 'contest.phases';
/** True when the organiser shows approved entries before voting opens (the console's switch). */
export const GALLERY_BEFORE_VOTING_SETTING = 'gallery.beforeVoting';
/** Which films the home page's strip shows first: the newest or the most voted. */
export const HOME_FILM_ORDER_SETTING = 'home.filmOrder';

export const VOTING_RULE_SETTING = 'voting.rule';
export const STEP_UP_SETTING = 'voting.stepUpPerHour';
export const RATE_SETTING = 'voting.ratePerMinute';
export const POW_BASE_SETTING = 'voting.powBase';
export const POW_STEP_UP_SETTING = 'voting.powStepUp';
export const SUBNET_SETTING = 'voting.subnetPerHour';
export const VOTER_MODE_SETTING = 'voting.voterMode';
/** Votes per voter and day under the `perDayTotal` rule. */
export const PER_DAY_TOTAL_SETTING = 'voting.perDayTotal';
/** E-mail voting: strip `+tags` of every provider, not only Gmail's (common/email.ts). Off by default. */
export const STRIP_PLUS_TAGS_SETTING = 'voting.stripPlusTags';
/** How visitors see counts while voting runs (`common/gallery.ts` COUNT_DISPLAYS) and the delayed interval. */
export const COUNT_DISPLAY_SETTING = 'voting.countDisplay';
export const COUNT_DELAY_SETTING = 'voting.countDelayMinutes';
/** The organiser's switch for the public transparency page (shown only once voting has closed, too). */
export const TRANSPARENCY_SETTING = 'voting.transparencyPublished';
/** The console's WeChat apps, each in place of the environment's. */
export const WECHAT_SETTINGS = {
  mpAppId: 'voting.wechat.mpAppId',
  mpSecret: 'voting.wechat.mpSecret',
  webAppId: 'voting.wechat.webAppId',
  webSecret: 'voting.wechat.webSecret',
} as const;

export const ENTRY_LIMIT_SETTING = 'submission.entryLimit';
export const EMPOWER_MAX_BYTES_SETTING = 'submission.empowerMaxBytes';
export const UPLOAD_GRACE_SETTING = 'submission.uploadGraceMinutes';

export const JURY_SETTINGS = 'jury.settings';
/** The published results' snapshot (and which entrants were mailed). */
export const RESULTS_SETTING = 'results.published';

/** The organiser's contact address (edited in the console; ORGANISER_EMAIL is the fallback). */
export const ORGANISER_EMAIL_SETTING = 'contact.organiserEmail';
/** The contest's identity (name, organiser, hero, footer, contact, social accounts). */
export const IDENTITY_SETTING = 'site.identity';
/** Days a full IP address is kept (common/privacy.ts says what is cut then). */
export const PRIVACY_RETENTION_SETTING = 'privacy.retentionDays';

/** The last sweep of orphan files: its figures, for the console dashboard. */
export const CLEANUP_SETTING = 'cleanup.lastRun';
/** Set once the demo content is in, so a restart does not seed it twice. */
export const SEED_SETTING = 'seed.demoContent';

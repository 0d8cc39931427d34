/**
 * Every catalogue code by name, so code reads `Code.VoteDuplicate`, never `2015`. The numbers are the
 * contract (SPEC §8 and the API envelope) and never change; a test checks that this list and the catalogue
 * (common/errors.ts, texts in common/errors/*.json) name exactly the same codes.
 */
export const Code = {
  // 1xxx accounts and general
  ParameterError: 1000,
  PasswordsDiffer: 1001,
  PasswordRule: 1002,
  EmailRegistered: 1003,
  InvalidResetLink: 1004,
  AccountNotFound: 1005,
  AccountNotActivated: 1006,
  WrongCredentials: 1007,
  SessionExpired: 1008,
  LoginRequired: 1009,
  Forbidden: 1010,
  AccountDisabled: 1011,
  LoginLocked: 1101,
  TooManyFromNetwork: 1102,
  TooManyRegistrations: 1103,
  TooManyVerificationMails: 1104,
  TooManyResetMails: 1105,
  CurrentPasswordWrong: 1106,
  AlreadyActivated: 1107,
  // 2xxx the spec's messages
  // 2001 and 2002 are kept because SPEC §8 lists them, but no answer uses them, on purpose. 2001: nothing is
  // looked up by a "code"; a missing entry is 2100 (gallery), 4005 (my entries) or 9404 (console), and a
  // search by entry number answers an empty list. 2002: a submitted entry shows 200211 (SPEC §4), a saved
  // edit says "Changes saved", and the contact form's confirmation already opens with this text.
  CodeNotFound: 2001,
  SubmitSuccess: 2002,
  SubmitFailed: 2003,
  EmailFormat: 2004,
  EmailRequired: 2005,
  PasswordRequired: 2006,
  PasswordFormat: 2007,
  LoginFailed: 2008,
  LoginSucceeded: 2009,
  RegistrationFailed: 2010,
  RegistrationSucceeded: 2011,
  SendingFailed: 2012,
  CaptchaRequired: 2013,
  VoteSuccess: 2014,
  VoteDuplicate: 2015,
  VoteFromVpn: 2016,
  EntryNotFound: 2100,
  SharePictureFailed: 2101,
  NameRequired: 2102,
  QuestionRequired: 2103,
  TextTooLong: 2104,
  ReportRequired: 2105,
  ReportDateRequired: 2106,
  // 2020-2049 who a voter is (issue H)
  VoteNeedsLogin: 2020,
  VoterEmailDisposable: 2021,
  VoteCodeWrong: 2022,
  VoteCodeExpired: 2023,
  VoteCodeUsed: 2024,
  VoteCodeRequired: 2025,
  // 2026-2049 fraud review: voiding and restoring votes by rule (issue H)
  VoteRuleEntryRequired: 2026,
  VoteRuleWindow: 2027,
  VoteRuleCidr: 2028,
  VoteRestoreTarget: 2029,
  VoteReviewReasonRequired: 2030,
  // 2031-2049 votes, round 2: budgets of e-mail and account voters, vote codes, registration
  VoteNetworkBudget: 2031,
  VoteCodeNotUsed: 2032,
  RegisterEmailDisposable: 2033,
  SubmittedGoingHome: 200211,
  // 3xxx captcha: the proof-of-work challenge
  CaptchaWrong: 3001,
  ChallengeStepUp: 3002,
  CaptchaExpired: 3003,
  CaptchaUsed: 3004,
  // 4xxx contest rules
  SubmissionClosed: 4001,
  SubmitNeedsVerifiedEmail: 4002,
  EntryLimitReached: 4003,
  EntryLocked: 4004,
  MyEntryNotFound: 4005,
  RulesNotConfirmed: 4006,
  FilesMissing: 4007,
  FieldTooLong: 4008,
  FieldTooShort: 4009,
  FieldRequired: 4010,
  SubtitlesNotText: 4011,
  SubtitlesTooLarge: 4012,
  SubtitlesInvalid: 4013,
  VotingClosed: 4100,
  // 5xxx uploads
  UploadKeyFailed: 5000,
  ImageType: 5001,
  FileTooLarge: 5002,
  ImageSize: 5003,
  VideoType: 5004,
  VideoTooLong: 5005,
  VideoResolution: 5006,
  VideoDamaged: 5007,
  ImageHiddenData: 5008,
  ImageSvg: 5009,
  PackageType: 5010,
  ArchiveBomb: 5011,
  UploadCredentialInvalid: 5012,
  UploadCredentialExpired: 5013,
  UploadNotYours: 5014,
  UploadNotFound: 5015,
  // 403 like the other credential refusals (a 409 would make tus clients retry it as an offset conflict).
  UploadCredentialUsed: 5020,
  TrailerTooLong: 5021,
  // 6xxx console
  EntryStatusConflict: 6001,
  RejectReasonRequired: 6002,
  CannotDemoteSelf: 6003,
  AwardNeedsApproval: 6004,
  PhaseOrder: 6005,
  ChineseTitleRequired: 6006,
  VoteAlreadyVoided: 6007,
  ReplyRequired: 6008,
  ContentImageType: 6020,
  TemplateType: 6021,
  NoFileReceived: 6022,
  PackageLimitRange: 6023,
  EntryFileMissing: 6024,
  DownloadLinkExpired: 6025,
  ExhibitionVideoType: 6030,
  ExhibitionVideoFailed: 6031,
  FfmpegMissing: 6032,
  ExhibitionVideoNotFound: 6033,
  UnsafeUrl: 6040,
  // 7xxx media
  FilmNotFound: 7001,
  ImageNotFound: 7002,
  ImageWidth: 7003,
  ImageFailed: 7004,
  // 71xx jury and results
  JuryScoresLocked: 7101,
  JuryEntryNotAssigned: 7102,
  JuryRecused: 7103,
  JuryScoreRange: 7104,
  JurorRequired: 7105,
  JuryInvitationInvalid: 7106,
  JurorEmailTaken: 7107,
  JuryNameRequired: 7108,
  JuryWeightRange: 7109,
  ResultWeightsSum: 7110,
  JuryAwardNeedsApproval: 7112,
  JuryNoCriteria: 7113,
  JurorNotFound: 7114,
  JuryMemberNotFound: 7115,
  // 9xxx transport
  NotFound: 9404,
  MethodNotAllowed: 9405,
  BodyTooLarge: 9413,
  UnsupportedMediaType: 9415,
  TooManyRequests: 9429,
  Internal: 9500,
  Unavailable: 9503,
  StorageFull: 9507,
  Overloaded: 9510,
  MetricsTokenInvalid: 9511,
} as const;

type CodeName = keyof typeof Code;

/**
 * A code as a zod schema's message ("2004"): zod messages are strings, and the server's error handler and
 * the web forms read the code back from them.
 */
export function codeMessage<C extends (typeof Code)[CodeName]>(code: C): `${C}` {
  return `${code}`;
}

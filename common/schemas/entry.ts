import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../constants';
import type { Entry, EntryFilmProgress, EntryStatus } from '../entry';
import { Code, codeMessage } from '../errors/codes';

// The site's CSP forbids eval; zod's JIT probe (new Function) would be reported as a violation in browsers.
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * Rules of the entry form and the upload credential, used by the web form and by the server alike.
 * Messages are catalogue codes (4008 too long, 4009 too short, 4010 required); the form shows the
 * "cannot exceed {max} characters" / "minimum length is {min} characters" texts from the limits below.
 */
export const ENTRY_TEXT_LIMITS = {
  title: { min: 2, max: 50 },
  description: { min: 20, max: 1000 },
  team: { min: 2, max: 50 },
  teamDesc: { min: 10, max: 500 },
  slogan: { min: 2, max: 50 },
} as const;
export type EntryTextField = keyof typeof ENTRY_TEXT_LIMITS;

/** The files every entry must have. */
const REQUIRED_UPLOAD_PURPOSES = ['teamLogo', 'cover', 'videoCover', 'video', 'empower'] as const;
/** Files an entry may have (other material, such as a trailer, may come with the entry). */
export const OPTIONAL_UPLOAD_PURPOSES = ['trailer', 'subtitles'] as const;
export const UPLOAD_PURPOSES = [...REQUIRED_UPLOAD_PURPOSES, ...OPTIONAL_UPLOAD_PURPOSES] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
type OptionalUploadPurpose = (typeof OPTIONAL_UPLOAD_PURPOSES)[number];
export const isOptionalUpload = (p: string): p is OptionalUploadPurpose => (OPTIONAL_UPLOAD_PURPOSES as readonly string[]).includes(p);
/** Uploads only organisers may start (the exhibition's video); never part of an entry. */
export const ADMIN_UPLOAD_PURPOSES = ['exhibitionVideo'] as const;
export type AdminUploadPurpose = (typeof ADMIN_UPLOAD_PURPOSES)[number];
/** A file answering one of the organiser's questions (a student ID card): an image, kept private. */
export const FIELD_FILE_PURPOSE = 'fieldFile';
/** Every purpose the upload credential can name: the entry's files, the answers' files and the organisers' ones. */
export const CREDENTIAL_PURPOSES = [...UPLOAD_PURPOSES, FIELD_FILE_PURPOSE, ...ADMIN_UPLOAD_PURPOSES] as const;
export type CredentialPurpose = (typeof CREDENTIAL_PURPOSES)[number];
export const isAdminUploadPurpose = (p: string): p is AdminUploadPurpose => (ADMIN_UPLOAD_PURPOSES as readonly string[]).includes(p);

/** A 10-minute 1080p original is usually 1-3 GB; 4 GiB leaves room without inviting abuse. */
export const VIDEO_MAX_BYTES = 4 * 1024 ** 3;
/** An exhibition video (an award ceremony, a trailer) is published as it is re-encoded: 2 GiB is plenty. */
export const EXHIBITION_VIDEO_MAX_BYTES = 2 * 1024 ** 3;
/** A trailer of at most 3 minutes at 1080p fits well within 500 MB. */
export const TRAILER_MAX_BYTES = 500 * 1024 * 1024;
/** A feature film's SRT is 100-200 KB; 512 KB leaves room for a long one in a wordy language. */
export const SUBTITLES_MAX_BYTES = 512 * 1024;
export const EMPOWER_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;
export const ENTRY_LIMIT_DEFAULT = 3;

/** Byte limit of a purpose (the package limit is an organiser setting, passed in). */
export function maxBytesFor(purpose: CredentialPurpose, empowerMaxBytes: number): number {
  if (purpose === 'video') return VIDEO_MAX_BYTES;
  if (purpose === 'trailer') return TRAILER_MAX_BYTES;
  if (purpose === 'subtitles') return SUBTITLES_MAX_BYTES;
  if (purpose === 'exhibitionVideo') return EXHIBITION_VIDEO_MAX_BYTES;
  if (purpose === 'empower') return empowerMaxBytes;
  return IMAGE_MAX_BYTES;
}

function text(field: EntryTextField) {
  const { min, max } = ENTRY_TEXT_LIMITS[field];
  return z
    .string(codeMessage(Code.FieldRequired))
    .trim()
    .min(1, codeMessage(Code.FieldRequired))
    .min(min, codeMessage(Code.FieldTooShort))
    .max(max, codeMessage(Code.FieldTooLong));
}

/**
 * The optional English title: the title's limits, trimmed; empty is none (null). Left out of an edit, the stored
 * one stays (undefined is no change to the column).
 */
function optionalTitle() {
  const { min, max } = ENTRY_TEXT_LIMITS.title;
  return z
    .string(codeMessage(Code.ParameterError))
    .trim()
    .refine((v) => v === '' || v.length >= min, codeMessage(Code.FieldTooShort))
    .max(max, codeMessage(Code.FieldTooLong))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
}

const uploadId = z.string(codeMessage(Code.FilesMissing)).regex(/^[a-f0-9]{32}$/, codeMessage(Code.FilesMissing));

export const entryUploadsSchema = z.object({
  teamLogo: uploadId,
  cover: uploadId,
  videoCover: uploadId,
  video: uploadId,
  empower: uploadId,
  trailer: uploadId.optional(),
  subtitles: uploadId.optional(),
});
export type EntryUploads = z.infer<typeof entryUploadsSchema>;

const entryFields = {
  title: text('title'),
  titleEn: optionalTitle(),
  description: text('description'),
  team: text('team'),
  teamDesc: text('teamDesc'),
  slogan: text('slogan'),
  // One of the organiser's groups: the key is checked against them when the entry is sent.
  group: z.string(codeMessage(Code.EntryGroupUnknown)).min(1, codeMessage(Code.EntryGroupUnknown)).max(32, codeMessage(Code.EntryGroupUnknown)),
  confirmRules: z.literal(true, codeMessage(Code.RulesNotConfirmed)),
  // Answers to the organiser's fields by key, checked against the group's definitions (common/entry-form/answers-schema.ts).
  answers: z.record(z.string(), z.unknown(), codeMessage(Code.AnswerInvalid)).default({}),
};

/** A new entry: every text and every file. */
export const entryCreateSchema = z.object({ ...entryFields, uploads: entryUploadsSchema });
export type EntryCreateInput = z.infer<typeof entryCreateSchema>;

/** An edit: the texts again, and only the files that are replaced; an optional file set to null is removed. */
export const entryUpdateSchema = z.object({
  ...entryFields,
  uploads: entryUploadsSchema.partial().extend({ trailer: uploadId.nullable().optional(), subtitles: uploadId.nullable().optional() }),
});
export type EntryUpdateInput = z.infer<typeof entryUpdateSchema>;

const keyFailed = codeMessage(Code.UploadKeyFailed);

export const credentialRequestSchema = z.object({
  purpose: z.enum(CREDENTIAL_PURPOSES, keyFailed),
  name: z.string(keyFailed).min(1, keyFailed).max(255, keyFailed),
  size: z.number(keyFailed).int(keyFailed).positive(keyFailed),
  type: z.string().max(255).default(''),
});
export type CredentialRequest = z.infer<typeof credentialRequestSchema>;

/** An entry as its submitter sees it in "My entries". */
export type MyEntry = Pick<
  Entry,
  'id' | 'submissionNo' | 'entryNo' | 'group' | 'title' | 'coverUrl' | 'rejectReason' | 'changesNote' | 'createdAt' | 'updatedAt'
> & {
  /** A withdrawn entry is gone from the owner's list. */
  status: Exclude<EntryStatus, 'withdrawn'>;
  /** Pending review and the window is open, or sent back for changes: the submitter may edit or withdraw it. */
  editable: boolean;
  /** The film's processing state (media pipeline). */
  media: EntryFilmProgress;
};

export type UploadedFileInfo = { id: string; name: string; size: number; url: string | null; meta: Record<string, unknown> };

export type MyEntryDetail = MyEntry &
  Pick<Entry, 'titleEn' | 'description' | 'team' | 'teamDesc' | 'slogan' | 'answers'> & {
    files: Partial<Record<UploadPurpose, UploadedFileInfo>>;
  };

export type SubmissionInfo = {
  window: { start: string; end: string } | null;
  open: boolean;
  entryLimit: number;
  entryCount: number;
  empowerMaxBytes: number;
};

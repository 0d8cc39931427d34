import type { Locale, Localized } from '../locales';

/**
 * The entry form as the organiser builds it: groups (the Open and Student Groups by default, any number more)
 * and the extra questions asked of entrants, for the whole contest or for one group. One definition drives
 * both sides: the server builds the zod schema that checks answers from it, the web builds the form, and the
 * console's drawer, the CSV export and the juror's view read answers through it.
 *
 * No zod here: the public form imports these types before zod is loaded.
 */

/** What a field asks for. */
export const FIELD_TYPES = [
  'shortText',
  'longText',
  'number',
  'date',
  'singleChoice',
  'multipleChoice',
  'email',
  'phone',
  'checkbox',
  'file',
  'teamMembers',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Film orientations a group accepts: 16:9 landscape, 9:16 vertical. */
export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** A text the organiser writes in each locale; zh-CN is required, the others fall back to it. */
export type LocalizedText = Localized<string>;

export type ChoiceOption = { value: string; label: LocalizedText };

/** Limits by type; only those of the field's type apply. */
export type FieldLimits = {
  /** shortText, longText: characters. */
  minLength?: number;
  maxLength?: number;
  /** number: value; date: ISO dates (YYYY-MM-DD). */
  min?: number | string;
  max?: number | string;
  /** number: whole numbers only. */
  integer?: boolean;
  /** multipleChoice: how many may be picked; teamMembers: how many members. */
  minItems?: number;
  maxItems?: number;
};

/**
 * A field the organiser defined. `key` is stable for the field's life (answers are stored under it);
 * `groupKey` null means every group. A checkbox is a consent: `consentText` is what the entrant agrees to,
 * and a required checkbox must be ticked. `requiredIfYoungerThan` makes a field required only for a minor:
 * the entrant's age is read from the date field named by `ageFieldKey` at the day of submission.
 */
export type FieldDefinition = {
  id: number;
  key: string;
  groupKey: string | null;
  type: FieldType;
  label: LocalizedText;
  help: LocalizedText;
  required: boolean;
  requiredIfYoungerThan?: { ageFieldKey: string; years: number } | null;
  limits: FieldLimits;
  options: ChoiceOption[];
  consentText: LocalizedText;
  /** Whether jurors see the answer (blind judging hides names, schools and credits). */
  visibleToJurors: boolean;
  position: number;
};

/** The film limits of a group; null means no limit beyond the contest's own. */
export type FilmLimits = {
  maxSeconds: number | null;
  orientations: Orientation[];
  /** The shorter side of the picture, in pixels (720, 1080...). */
  minShortSide: number | null;
};

export type GroupDefinition = {
  key: string;
  name: LocalizedText;
  description: LocalizedText;
  rules: LocalizedText;
  film: FilmLimits;
  position: number;
};

/** A team member as the entrant lists them. */
export type TeamMember = { name: string; role: string; email: string };

/**
 * An answer as stored and sent: text types carry a string, number a number, multipleChoice a string array,
 * checkbox a boolean, file an upload id (on submit) or a private storage key (stored), teamMembers a list.
 */
export type AnswerValue = string | number | boolean | string[] | TeamMember[];
export type Answers = Record<string, AnswerValue>;

/** The form as the entrant's page reads it (`GET /api/entry-form`), texts in the request's locale. */
export type PublicGroup = {
  key: string;
  name: string;
  description: string;
  rules: string;
  film: FilmLimits;
};
export type PublicField = {
  key: string;
  groupKey: string | null;
  type: FieldType;
  label: string;
  help: string;
  required: boolean;
  requiredIfYoungerThan: { ageFieldKey: string; years: number } | null;
  limits: FieldLimits;
  options: { value: string; label: string }[];
  consentText: string;
};
export type PublicEntryForm = { groups: PublicGroup[]; fields: PublicField[] };

/**
 * An answer as a reader sees it (owner, organiser's drawer, juror): the label and type it was asked with
 * (kept with the entry, so a field changed or removed later still reads), and the value in words.
 * A file answer has `fileUrl` only for the organiser (a private, signed download link).
 */
export type PresentedAnswer = {
  key: string;
  type: FieldType;
  label: string;
  value: AnswerValue;
  text: string;
  fileUrl?: string;
};

/** Picks the text of a locale, falling back to zh-CN, then to any text there is. */
export function localText(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text['zh-CN'] || Object.values(text).find(Boolean) || '';
}

import type { EntryGroup } from './constants';
import type { PresentedAnswer } from './entry-form/definitions';
import type { Locale } from './locales';
import type { MediaStatus } from './media';

/**
 * The entry, the product's central noun, in the API's spelling. Every answer that shows an entry (the public
 * gallery, its owner's "My entries", the organiser's console, a juror's sheet) picks its fields from this one
 * type, so a field means the same thing and has the same type wherever it appears.
 */
export const ENTRY_STATUSES = ['draft', 'pending', 'changesRequested', 'approved', 'rejected', 'withdrawn'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The organiser's marks on an approved entry (the jury's named awards are a list of their own). */
export const AWARDS = ['finalist', 'winner'] as const;
export type EntryAward = (typeof AWARDS)[number];

export type Entry = {
  id: number;
  /** Given at submission and shown to the submitter ("S2026-000123"). */
  submissionNo: string;
  /** The public number, given at the first approval and kept for good. */
  entryNo: number | null;
  status: EntryStatus;
  group: EntryGroup;
  title: string;
  /** The entrant's optional English title, or null: English pages show it in place of `title`. */
  titleEn: string | null;
  description: string;
  team: string;
  teamDesc: string;
  slogan: string;
  teamLogoUrl: string | null;
  coverUrl: string | null;
  videoCoverUrl: string | null;
  /** Private storage key of the authorisation package: organisers only. */
  empowerKey: string | null;
  award: EntryAward | null;
  rejectReason: string | null;
  /** What a reviewer asked the entrant to change, while the entry is sent back to them. */
  changesNote: string | null;
  voteCount: number;
  /** The language the entrant wrote the entry's texts in (the locale they submitted from). */
  locale: string;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  /** The film from the media pipeline: renditions and processing state. */
  film: MediaStatus;
  /**
   * Answers to the organiser's fields, in the order asked and as they were asked, as the reader may see them
   * (a juror: only fields shown to jurors; a file's download link for the organiser only).
   */
  answers: PresentedAnswer[];
};

/** The film's processing state alone, for lists ("processing 42%"). */
export type EntryFilmProgress = Pick<MediaStatus, 'status' | 'progress'>;

/**
 * The title a visitor reads in their locale, and the language it is written in (for the `lang` attribute):
 * English pages show the entrant's English title when there is one; every other page, and an entry without
 * one, shows the title as the entrant wrote it, in the entry's own language.
 */
export function shownTitle(entry: { title: string; titleEn: string | null; locale: string }, locale: Locale): { title: string; lang: string } {
  if (locale === 'en-US' && entry.titleEn) return { title: entry.titleEn, lang: 'en' };
  return { title: entry.title, lang: entry.locale };
}

import type { Generated } from 'kysely';

/**
 * Entries (title, description, team, team description and logo, cover, film, video cover, authorization
 * letter, group): written by submission, shown by the gallery, reviewed in the console, transcoded by the
 * media pipeline.
 * - submission_no: given at submission, shown to the submitter ("S2026-000123").
 * - entry_no: the public entry number, given when an organiser approves the entry; the gallery shows it.
 * - status: 'draft' | 'pending' (pending review) | 'changesRequested' (sent back to the entrant) | 'approved' |
 *   'rejected' | 'withdrawn'.
 * - *_url columns hold public URLs of processed images; empower_key is a private storage key of the
 *   authorisation package (never public). The film is not a column: its playable renditions are the
 *   media pipeline's (media_jobs), the one source every player reads.
 */
export type EntriesTable = {
  id: Generated<number>;
  user_id: number;
  submission_no: string;
  entry_no: number | null;
  status: string;
  group: string; // a key of entry_groups
  title: string;
  /** The entrant's optional English title (trimmed; null when none): English pages show it instead of `title`. */
  title_en: string | null;
  description: string;
  team: string;
  team_desc: string;
  slogan: string;
  team_logo_url: string | null;
  cover_url: string | null;
  video_cover_url: string | null;
  empower_key: string | null;
  award: string | null; // null | 'finalist' | 'winner'
  reject_reason: string | null;
  /** What the reviewer asked to change when sending the entry back. */
  changes_note: string | null;
  vote_count: number;
  locale: string;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  /** Answers to the organiser's fields, by field key (JSON; the column defaults to {}, so inserts may leave it out). */
  answers?: string;
  /** What the entry was checked against when sent: { film: FilmLimits, fields: FieldDefinition[] } (JSON). */
  form_snapshot?: string;
};

export type EntryTables = { entries: EntriesTable };

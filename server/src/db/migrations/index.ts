import type { Migration } from 'kysely';
import * as m0001 from './0001_init';
import * as m0002 from './0002_entries';
import * as m0003 from './0003_accounts';
import * as m0004 from './0004_submission';
import * as m0005 from './0005_gallery';
import * as m0006 from './0006_console';
import * as m0007 from './0007_media';
import * as m0008 from './0008_spent_credentials';
import * as m0009 from './0009_film_from_pipeline';
import * as m0010 from './0010_vote_challenges';
import * as m0011 from './0011_jury';
import * as m0012 from './0012_exhibition_video_jobs';
import * as m0014 from './0014_vote_review';
import * as m0015 from './0015_vote_batch_indexes';
import * as m0018 from './0018_results_mailings';
import * as m0020 from './0020_page_publishing';
import * as m0021 from './0021_entry_form';
import * as m0028 from './0028_erasures';
import * as m0030 from './0030_vote_chain';
import * as m0031 from './0031_media_library';
import * as m0032 from './0032_audit_log';
import * as m0033 from './0033_phone_voters';
import * as m0034 from './0034_vote_day_budget';
import * as m0035 from './0035_mail_templates';
import * as m0036 from './0036_notices';
import * as m0037 from './0037_entry_changes_note';
import * as m0038 from './0038_entry_title_en';

/**
 * Every migration, in order. A static list (not a folder scan) so it works the same under tsx, in
 * bundles and in tests. Once the product has shipped, never edit one; add the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_entries': m0002,
  '0003_accounts': m0003,
  '0004_submission': m0004,
  '0005_gallery': m0005,
  '0006_console': m0006,
  '0007_media': m0007,
  '0008_spent_credentials': m0008,
  '0009_film_from_pipeline': m0009,
  '0010_vote_challenges': m0010,
  '0011_jury': m0011,
  '0012_exhibition_video_jobs': m0012,
  '0014_vote_review': m0014,
  '0015_vote_batch_indexes': m0015,
  '0018_results_mailings': m0018,
  '0020_page_publishing': m0020,
  '0021_entry_form': m0021,
  '0028_erasures': m0028,
  '0030_vote_chain': m0030,
  '0031_media_library': m0031,
  '0032_audit_log': m0032,
  '0033_phone_voters': m0033,
  '0034_vote_day_budget': m0034,
  '0035_mail_templates': m0035,
  '0036_notices': m0036,
  '0037_entry_changes_note': m0037,
  '0038_entry_title_en': m0038,
};

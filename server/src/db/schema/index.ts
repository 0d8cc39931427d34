import type { AccountsTables } from './accounts';
import type { AuditTables } from './audit';
import type { ConsoleTables } from './console';
import type { CoreTables } from './core';
import type { EntryTables } from './entries';
import type { EntryFormTables } from './entry-form';
import type { GalleryTables } from './gallery';
import type { JuryTables } from './jury';
import type { MediaTables } from './media';
import type { NoticeTables } from './notices';
import type { PrivacyTables } from './privacy';
import type { SubmissionTables } from './submission';

export * from './core';
export * from './entries';

/** The whole schema; each feature area owns its file in this folder. */
export type Database = CoreTables &
  EntryTables &
  AccountsTables &
  SubmissionTables &
  GalleryTables &
  ConsoleTables &
  MediaTables &
  JuryTables &
  EntryFormTables &
  PrivacyTables &
  AuditTables &
  NoticeTables;

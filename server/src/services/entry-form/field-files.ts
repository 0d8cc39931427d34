import type { Selectable } from 'kysely';
import type { FieldFileName } from '../../../../common/console/uploads';
import type { Locale } from '../../../../common/locales';
import type { UploadsTable } from '../../db/schema/submission';
import { signDownloadLink } from '../entries/download-links';
import { storedForm } from './entry-form-of-entry';
import type { OrganiserViewer } from './present-answers';

/**
 * The private upload answering a file field of an entry: the one the entry's answer names, tied to that entry.
 * (An answer is kept by its storage key, which is its upload's id.)
 */
export function fieldFileUpload(entry: { answers?: string }, uploads: Selectable<UploadsTable>[], name: FieldFileName): Selectable<UploadsTable> | undefined {
  const key = storedForm(entry).answers[name.slice('field:'.length)];
  return uploads.find((u) => u.purpose === 'fieldFile' && u.id === key && u.storage_key);
}

/** The organiser reading an entry's answers: each file answer gets a five-minute signed download link. */
export function organiserViewer(secret: string, entryId: number, adminId: number, locale: Locale): OrganiserViewer {
  return { audience: 'organiser', locale, fileUrl: (fieldKey) => signDownloadLink(secret, { entryId, file: `field:${fieldKey}`, adminId }) };
}

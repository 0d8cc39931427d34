import type { Db } from '../../db/database';
import { forgetFailedResultsMailings } from '../../db/repos/jury/results-mailings';
import { reopenFailedNoticeMailings } from '../../db/repos/notices/mailings';
import { jobQueued } from '../jobs/wake';

/**
 * Sends every mail given up on again (reminders, announcements and results alike), each with a fresh set of
 * tries: after a mail-server outage the organiser fixes the server and asks once, rather than losing the
 * mails. Nobody already mailed is mailed twice: only rows never sent are reopened. Returns how many.
 */
export async function retryFailedMails(db: Db): Promise<number> {
  const reopened = (await reopenFailedNoticeMailings(db)) + (await forgetFailedResultsMailings(db));
  if (reopened > 0) jobQueued();
  return reopened;
}

import type { AppContext, Log, Worker } from '../../context';
import { startJobLoop } from '../jobs/job-loop';
import { mailNextResult } from './results';

/**
 * How often the mailer looks for results mails to send when nothing woke it. Publishing wakes it at once in
 * this process and, in a cluster, in the primary (cluster/http-worker.ts forwards the wake-up), so this only
 * catches what another machine published and the sends whose claims went stale.
 */
const RESULTS_MAIL_POLL_MS = 30_000;

/** The background sender of the results mails (services/jury/results.ts), one mail at a time until none is due. */
export function startResultsMailer(ctx: AppContext, log: Log): Worker {
  return startJobLoop('results-mailer', 'results mailer', { pollMs: RESULTS_MAIL_POLL_MS }, log, () =>
    mailNextResult(ctx, (err) => log.error(err, 'results mail not sent; tried again later')),
  );
}

import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import { type ReceiptCheck, receiptShaped } from '../../../../common/vote-check';
import type { AppContext } from '../../context';
import { receiptVote } from '../../db/repos/entries/vote-counts';
import { AppError } from '../../errors';
import { titleFor } from '../entries/presenter';
import { voidNote } from './public-void';
import { voteIdOfReceipt } from './vote-receipt-code';

/**
 * What a receipt's holder may learn: the entry voted for, when, and whether the vote is counted or was voided
 * (with the organiser's reason and rule). A malformed code is 2040 on its field; one this site never issued,
 * or whose vote is gone, is 2041 (the same answer, so a guess learns nothing).
 */
export async function checkReceipt(ctx: AppContext, input: string, locale: Locale): Promise<ReceiptCheck> {
  if (!receiptShaped(input)) throw new AppError(Code.ReceiptFormat, { fields: { receipt: Code.ReceiptFormat } });
  const id = voteIdOfReceipt(ctx.config.cookieSecret, input);
  const vote = id === undefined ? undefined : await receiptVote(ctx.db, id);
  if (!vote) throw new AppError(Code.ReceiptNotFound, { fields: { receipt: Code.ReceiptNotFound } });
  const voided = vote.void_reason !== null && vote.voided_at !== null;
  const shown = titleFor(vote, locale);
  return {
    entryId: vote.entry_id,
    entryNo: vote.entry_no,
    title: shown.title,
    titleLang: shown.lang,
    castAt: vote.created_at,
    status: voided ? 'voided' : 'counted',
    void: voided ? voidNote(vote.void_reason as string, vote.voided_at as string, vote.void_rule) : null,
  };
}

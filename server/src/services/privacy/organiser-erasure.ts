import type { Paged } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { ErasureCounts, ErasureRecord } from '../../../../common/privacy';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { listErasures } from '../../db/repos/privacy/erasures';
import { findAccount } from '../../db/repos/privacy/personal-data';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';
import { eraseAccount } from './erase-account';

/**
 * An organiser erases a person's data on their request, confirmed by typing the person's address (1201 when
 * it differs, so a slip in the users list cannot erase the wrong person). The same erasure as a self-deletion,
 * recorded with the organiser's id.
 */
export async function eraseOnRequest(
  ctx: AppContext,
  adminId: number,
  userId: number,
  typedEmail: string,
  log: (err: unknown) => void,
): Promise<ErasureCounts> {
  const user = await findAccount(ctx.db, userId);
  if (!user) throw new AppError(Code.AccountNotFound);
  if (typedEmail.trim().toLowerCase() !== user.email) throw new AppError(Code.ErasureConfirmMismatch, { fields: { email: Code.ErasureConfirmMismatch } });
  return eraseAccount(ctx, userId, { kind: 'organiser', adminId }, log);
}

/** The erasure record for the console's users page, newest first. */
export async function erasureRecord(db: Db, q: { page?: number; pageSize?: number }): Promise<Paged<ErasureRecord>> {
  const w = pageWindow(q);
  const { rows, total } = await listErasures(db, w.offset, w.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      by: r.admin_id === null ? null : { id: r.admin_id, email: r.admin_email },
      at: r.created_at,
      counts: JSON.parse(r.counts) as ErasureCounts,
    })),
    total,
    page: w.page,
    pageSize: w.pageSize,
  };
}

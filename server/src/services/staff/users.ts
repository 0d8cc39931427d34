import type { Paged } from '../../../../common/api-types';
import type { AdminUser } from '../../../../common/console/api-types';
import { Code } from '../../../../common/errors';
import { type Db, nowIso } from '../../db/database';
import { findUser, listUsers, setUserDisabled, setUserRole } from '../../db/repos/console/users';
import { revokeUserSessions } from '../../db/repos/sessions';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';

export async function listAccounts(db: Db, q: { q?: string; role?: string; page?: number; pageSize?: number }): Promise<Paged<AdminUser>> {
  const w = pageWindow({ page: q.page, pageSize: q.pageSize });
  const { rows, total } = await listUsers(db, q, w.offset, w.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role === 'admin' ? 'admin' : 'user',
      locale: r.locale,
      verifiedAt: r.verified_at,
      disabledAt: r.disabled_at,
      createdAt: r.created_at,
      entryCount: Number(r.entry_count ?? 0),
    })),
    total,
    page: w.page,
    pageSize: w.pageSize,
  };
}

/** Disabling ends every session of the account at once, in the same transaction. */
export async function setDisabled(db: Db, actorId: number, userId: number, disabled: boolean): Promise<void> {
  if (actorId === userId) throw new AppError(Code.CannotDemoteSelf);
  await db.transaction().execute(async (trx) => {
    if (!(await findUser(trx, userId))) throw new AppError(Code.AccountNotFound);
    const now = nowIso();
    await setUserDisabled(trx, userId, disabled ? now : null);
    if (disabled) await revokeUserSessions(trx, userId, now);
  });
}

export async function setRole(db: Db, actorId: number, userId: number, role: 'user' | 'admin'): Promise<void> {
  if (actorId === userId) throw new AppError(Code.CannotDemoteSelf);
  if (!(await findUser(db, userId))) throw new AppError(Code.AccountNotFound);
  await setUserRole(db, userId, role);
}

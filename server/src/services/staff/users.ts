import { type Paged, roleOf } from '../../../../common/api-types';
import type { AdminUser } from '../../../../common/console/api-types';
import type { AssignableRole } from '../../../../common/console/staff';
import { Code } from '../../../../common/errors';
import { type Db, nowIso } from '../../db/database';
import { countEnabledOrganisers, findUser, listUsers, lockOrganisers, setUserDisabled, setUserRole } from '../../db/repos/console/users';
import { revokeUserSessions } from '../../db/repos/sessions';
import { AppError } from '../../errors';
import { type AuditScope, recordAudit } from '../audit/audit-log';
import { pageWindow } from '../content/paging';

export async function listAccounts(db: Db, q: { q?: string; role?: string; page?: number; pageSize?: number }): Promise<Paged<AdminUser>> {
  const w = pageWindow({ page: q.page, pageSize: q.pageSize });
  const { rows, total } = await listUsers(db, q, w.offset, w.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: roleOf(r.role),
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

/** Refuses a change that would leave no enabled organiser; run after lockOrganisers in the change's transaction. */
async function keepAnOrganiser(trx: Db, target: { role: string; disabled_at: string | null }): Promise<void> {
  if (target.role === 'admin' && target.disabled_at === null && (await countEnabledOrganisers(trx)) <= 1) throw new AppError(Code.LastOrganiser);
}

/** Disabling ends every session of the account at once, in the same transaction. */
export async function setDisabled(db: Db, actorId: number, userId: number, disabled: boolean): Promise<void> {
  if (actorId === userId) throw new AppError(Code.CannotDemoteSelf);
  await db.transaction().execute(async (trx) => {
    await lockOrganisers(trx);
    const user = await findUser(trx, userId);
    if (!user) throw new AppError(Code.AccountNotFound);
    if (disabled) await keepAnOrganiser(trx, user);
    const now = nowIso();
    await setUserDisabled(trx, userId, disabled ? now : null);
    if (disabled) await revokeUserSessions(trx, userId, now);
  });
}

/**
 * Gives an account a staff role or takes it away; the role counts from the account's next request. A juror's
 * role comes and goes with the jury invitation, so it is not changed here. The audit line keeps both roles.
 */
export async function setRole(db: Db, actorId: number, userId: number, role: AssignableRole, audit: AuditScope | null = null): Promise<void> {
  if (actorId === userId) throw new AppError(Code.CannotDemoteSelf);
  await db.transaction().execute(async (trx) => {
    await lockOrganisers(trx);
    const user = await findUser(trx, userId);
    if (!user) throw new AppError(Code.AccountNotFound);
    if (user.role === 'juror') throw new AppError(Code.RoleNotAssignable);
    if (role !== 'admin') await keepAnOrganiser(trx, user);
    await setUserRole(trx, userId, role);
    if (audit) await recordAudit(trx, audit, { before: { email: user.email, role: roleOf(user.role) }, after: { email: user.email, role } });
  });
}

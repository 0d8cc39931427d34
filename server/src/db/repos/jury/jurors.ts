import type { Db } from '../../database';

/** A juror's account row, made by the invitation: no usable password until the link sets one. */
export function insertJurorAccount(db: Db, row: { email: string; locale: string; created_at: string }) {
  return db
    .insertInto('users')
    .values({ ...row, password_hash: '!', role: 'juror', verified_at: null, disabled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function upsertJuror(
  db: Db,
  row: { user_id: number; jury_member_id: number | null; group_scope: string | null; invited_by: number; invited_at: string },
) {
  return db
    .insertInto('jurors')
    .values({ ...row, accepted_at: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ jury_member_id: row.jury_member_id, group_scope: row.group_scope, invited_by: row.invited_by, invited_at: row.invited_at }),
    )
    .execute();
}

export function findJuror(db: Db, userId: number) {
  return db
    .selectFrom('jurors')
    .innerJoin('users', 'users.id', 'jurors.user_id')
    .select(['jurors.user_id', 'jurors.group_scope', 'jurors.jury_member_id', 'jurors.accepted_at', 'users.email', 'users.role', 'users.disabled_at'])
    .where('jurors.user_id', '=', userId)
    .executeTakeFirst();
}

export function listJurorRows(db: Db) {
  return db
    .selectFrom('jurors')
    .innerJoin('users', 'users.id', 'jurors.user_id')
    .leftJoin('jury_members', 'jury_members.id', 'jurors.jury_member_id')
    .select([
      'jurors.user_id',
      'jurors.group_scope',
      'jurors.jury_member_id',
      'jurors.invited_at',
      'jurors.accepted_at',
      'users.email',
      'users.disabled_at',
      'jury_members.i18n as member_i18n',
    ])
    .where('users.role', '=', 'juror')
    .orderBy('jurors.invited_at', 'asc')
    .execute();
}

export function updateJurorScope(db: Db, userId: number, set: { jury_member_id: number | null; group_scope: string | null }) {
  return db.updateTable('jurors').set(set).where('user_id', '=', userId).executeTakeFirst();
}

export function markJurorAccepted(db: Db, userId: number, at: string) {
  return db.updateTable('jurors').set({ accepted_at: at }).where('user_id', '=', userId).execute();
}

export function findJuryMember(db: Db, id: number) {
  return db.selectFrom('jury_members').select(['id']).where('id', '=', id).executeTakeFirst();
}

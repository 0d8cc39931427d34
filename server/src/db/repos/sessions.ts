import type { Db } from '../database';

export function insertSession(db: Db, row: { user_id: number; token_digest: string; created_at: string; last_seen_at: string; expires_at: string }) {
  return db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findSessionWithUser(db: Db, tokenDigest: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.email',
      'users.role',
      'users.locale',
      'users.verified_at',
      'users.disabled_at',
    ])
    .where('sessions.token_digest', '=', tokenDigest)
    .executeTakeFirst();
}

export function touchSession(db: Db, sessionId: number, at: string) {
  return db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export function revokeSession(db: Db, sessionId: number, at: string) {
  return db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export function revokeUserSessions(db: Db, userId: number, at: string) {
  return db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

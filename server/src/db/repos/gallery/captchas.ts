import type { Db } from '../../database';

export async function insertCaptcha(db: Db, row: { id: string; answerHash: string; expiresAt: string; at: string }): Promise<void> {
  await db.insertInto('captchas').values({ id: row.id, answer_hash: row.answerHash, expires_at: row.expiresAt, used_at: null, created_at: row.at }).execute();
}

export async function findCaptcha(db: Db, id: string) {
  return db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a captcha used; false when another request used it first (one use, even under a race). */
export async function consumeCaptcha(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db.updateTable('captchas').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Drops captchas that expired more than a day ago (the table stays small). */
export async function purgeCaptchas(db: Db, before: string): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', before).execute();
}

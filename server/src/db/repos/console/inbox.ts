import type { Db } from '../../database';

export type InboxKind = 'contact' | 'scamReport';

export async function listContacts(db: Db, handled: boolean | undefined, offset: number, limit: number) {
  let base = db
    .selectFrom('contact_messages')
    .leftJoin('inbox_handled', (j) => j.onRef('inbox_handled.item_id', '=', 'contact_messages.id').on('inbox_handled.kind', '=', 'contact'));
  if (handled !== undefined) base = base.where('inbox_handled.id', handled ? 'is not' : 'is', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll('contact_messages')
      .select(['inbox_handled.created_at as handled_at', 'inbox_handled.reply'])
      .orderBy('contact_messages.created_at', 'desc')
      .orderBy('contact_messages.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listScamReports(db: Db, handled: boolean | undefined, offset: number, limit: number) {
  let base = db
    .selectFrom('scam_reports')
    .leftJoin('inbox_handled', (j) => j.onRef('inbox_handled.item_id', '=', 'scam_reports.id').on('inbox_handled.kind', '=', 'scamReport'));
  if (handled !== undefined) base = base.where('inbox_handled.id', handled ? 'is not' : 'is', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll('scam_reports')
      .select(['inbox_handled.created_at as handled_at', 'inbox_handled.reply'])
      .orderBy('scam_reports.created_at', 'desc')
      .orderBy('scam_reports.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function allContacts(db: Db) {
  return db
    .selectFrom('contact_messages')
    .leftJoin('inbox_handled', (j) => j.onRef('inbox_handled.item_id', '=', 'contact_messages.id').on('inbox_handled.kind', '=', 'contact'))
    .selectAll('contact_messages')
    .select(['inbox_handled.created_at as handled_at', 'inbox_handled.reply'])
    .orderBy('contact_messages.id')
    .execute();
}

export function findContact(db: Db, id: number) {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function itemExists(db: Db, kind: InboxKind, id: number): Promise<boolean> {
  const table = kind === 'contact' ? 'contact_messages' : 'scam_reports';
  return Boolean(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
}

/** Marks an item handled (or records a later reply on it); unmarking deletes the mark. */
export async function markHandled(db: Db, row: { kind: InboxKind; item_id: number; admin_id: number; reply: string | null; created_at: string }) {
  await db
    .insertInto('inbox_handled')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet({ reply: row.reply, admin_id: row.admin_id }))
    .execute();
}

export async function unmarkHandled(db: Db, kind: InboxKind, itemId: number) {
  await db.deleteFrom('inbox_handled').where('kind', '=', kind).where('item_id', '=', itemId).execute();
}

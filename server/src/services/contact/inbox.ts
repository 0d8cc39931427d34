import type { Paged } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import { isLocale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { findContact, type InboxKind, itemExists, listContacts, listScamReports, markHandled, unmarkHandled } from '../../db/repos/console/inbox';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';
import { sendMail } from '../mail/send-mail';

/** The fields every inbox item ends with: the sender's language, when it came, and its handling. */
const handling = (r: { locale: string; created_at: string; handled_at: string | null; reply: string | null }) => ({
  locale: r.locale,
  createdAt: r.created_at,
  handledAt: r.handled_at,
  reply: r.reply,
});

export async function inboxList(db: Db, kind: InboxKind, q: { handled?: boolean; page?: number; pageSize?: number }): Promise<Paged<Record<string, unknown>>> {
  const w = pageWindow(q);
  const page = { page: w.page, pageSize: w.pageSize };
  if (kind === 'contact') {
    const { rows, total } = await listContacts(db, q.handled, w.offset, w.limit);
    return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, content: r.content, ...handling(r) })), total, ...page };
  }
  const { rows, total } = await listScamReports(db, q.handled, w.offset, w.limit);
  return { items: rows.map((r) => ({ id: r.id, what: r.what, happenedOn: r.happened_on, contact: r.contact, ...handling(r) })), total, ...page };
}

export async function setHandled(db: Db, kind: InboxKind, id: number, adminId: number, handled: boolean): Promise<void> {
  if (!(await itemExists(db, kind, id))) throw new AppError(Code.NotFound);
  if (handled) await markHandled(db, { kind, item_id: id, admin_id: adminId, reply: null, created_at: nowIso() });
  else await unmarkHandled(db, kind, id);
}

/** Answers a contact message by e-mail in the sender's language; it is marked handled only once sent. */
export async function replyToContact(ctx: AppContext, id: number, adminId: number, reply: string): Promise<void> {
  const msg = await findContact(ctx.db, id);
  if (!msg) throw new AppError(Code.NotFound);
  const locale = isLocale(msg.locale) ? msg.locale : 'zh-CN';
  try {
    await sendMail(ctx, 'contactReply', msg.email, locale, { name: msg.name, reply, original: msg.content });
  } catch (err) {
    throw new AppError(Code.SendingFailed, { cause: err });
  }
  await markHandled(ctx.db, { kind: 'contact', item_id: id, admin_id: adminId, reply, created_at: nowIso() });
}

import type { Paged } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import { t } from '../../../../common/i18n/index';
import { isLocale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { findContact, type InboxKind, itemExists, listContacts, listScamReports, markHandled, unmarkHandled } from '../../db/repos/console/inbox';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';

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
  const text = t(locale, 'console.mail.reply.body', { name: msg.name, reply, original: msg.content });
  try {
    await ctx.mailer.send({
      to: msg.email,
      subject: t(locale, 'console.mail.reply.subject', {}),
      text,
      html: text
        .split('\n')
        .map((line) => `<p>${line.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
        .join(''),
    });
  } catch (err) {
    throw new AppError(Code.SendingFailed, { cause: err });
  }
  await markHandled(ctx.db, { kind: 'contact', item_id: id, admin_id: adminId, reply, created_at: nowIso() });
}

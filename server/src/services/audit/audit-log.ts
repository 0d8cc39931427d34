import type { AuditItem, AuditLogQuery, AuditPage } from '../../../../common/console/audit';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import { type Db, nowIso } from '../../db/database';
import { auditActions, insertAuditRow, listAuditRows } from '../../db/repos/console/audit';
import { toCsv } from '../console/csv';
import { pageWindow } from '../content/paging';

/**
 * One console write as the audit log records it. The console's guard makes one per write request; a
 * service that keeps before/after writes it inside its own transaction (recordAudit), and whatever was not
 * written that way is logged once the write has succeeded (recordWrite), so every write leaves exactly one line.
 */
export type AuditScope = { actorId: number; ip: string; action: string; target: string | null; written: boolean };

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Writes the scope's line with what the change replaced and what it left; `db` is the change's transaction. */
export async function recordAudit(db: Db, scope: AuditScope, change: { before?: unknown; after?: unknown } = {}): Promise<void> {
  await insertAuditRow(db, {
    actor_id: scope.actorId,
    action: scope.action,
    target: scope.target,
    before: json(change.before),
    after: json(change.after),
    ip: scope.ip,
    created_at: nowIso(),
  });
  scope.written = true;
}

/** After a successful write: its line, unless the service already wrote it in its transaction. */
export async function recordWrite(db: Db, scope: AuditScope): Promise<void> {
  if (!scope.written) await recordAudit(db, scope);
}

/** A route's parameters as the log's target: `kind=news id=4`; null for a route without any. */
export function targetOf(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const parts = Object.entries(params as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length > 0 ? parts.join(' ') : null;
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    // History rows carry a plain note or reason.
    return text;
  }
}

type Row = Awaited<ReturnType<typeof listAuditRows>>['rows'][number];
const itemOf = (r: Row): AuditItem => ({
  id: `${r.source}-${r.id}`,
  at: r.created_at,
  actorId: r.actor_id,
  actorEmail: r.email ?? null,
  action: r.action,
  target: r.target,
  before: parsed(r.before),
  after: parsed(r.after),
  ip: r.ip,
});

export async function auditLogPage(db: Db, q: AuditLogQuery): Promise<AuditPage> {
  const w = pageWindow(q);
  const [{ rows, total }, actions] = await Promise.all([listAuditRows(db, q, w.offset, w.limit), auditActions(db)]);
  return { items: rows.map(itemOf), total, page: w.page, pageSize: w.pageSize, actions };
}

const EXPORT_MAX = 100_000;

export async function exportAuditCsv(db: Db, locale: Locale, q: AuditLogQuery): Promise<string> {
  const { rows } = await listAuditRows(db, q, 0, EXPORT_MAX);
  const header = [
    'console.audit.at',
    'console.audit.who',
    'console.audit.action',
    'console.audit.target',
    'console.audit.before',
    'console.audit.after',
    'console.audit.ip',
  ] as const;
  return toCsv(
    header.map((k) => t(locale, k)),
    rows.map((r) => [r.created_at, r.email ?? r.actor_id, r.action, r.target, r.before, r.after, r.ip]),
  );
}

import type { Generated } from 'kysely';

/**
 * One console write: who (the staff account; null once that account is gone), what (the route as
 * "METHOD /path" and its target, e.g. `kind=news id=4`), the values before and after as JSON where the
 * write keeps them (settings, identity, roles), and the address it came from (cut by the retention sweep).
 */
export type AuditLogTable = {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
  ip: string;
  created_at: string;
};

export type AuditTables = { audit_log: AuditLogTable };

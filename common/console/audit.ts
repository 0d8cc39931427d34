import { z } from 'zod';

/** One line of the console's audit log (its own rows, entry reviews and vote voids, newest first). */
export type AuditItem = {
  id: string;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

export type AuditPage = { items: AuditItem[]; total: number; page: number; pageSize: number; actions: string[] };

export const auditLogQuery = z.object({
  who: z.string().trim().max(320).optional(),
  action: z.string().trim().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

import type { Kysely } from 'kysely';

/**
 * Group commit (votes arriving within a few milliseconds share one transaction): the vote path no longer
 * counts an address's or a subnet's votes in the audit per vote (the counts live in memory or Redis, warmed
 * at start from the last hour of counted votes), so the subnet index of `vote_audit` gives way to one on
 * (outcome, created_at) that the warm-up reads, and the plain index on `votes.entry_id` goes:
 * `votes_entry_time_idx` (entry_id, created_at) already serves every lookup by entry. Fewer indexes are fewer
 * B-tree pages written (and synced) per vote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vote_audit_subnet_idx').execute();
  await db.schema.createIndex('vote_audit_outcome_time_idx').on('vote_audit').columns(['outcome', 'created_at']).execute();
  await db.schema.dropIndex('votes_entry_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('votes_entry_idx').on('votes').column('entry_id').execute();
  await db.schema.dropIndex('vote_audit_outcome_time_idx').execute();
  await db.schema.createIndex('vote_audit_subnet_idx').on('vote_audit').columns(['subnet', 'outcome', 'created_at']).execute();
}

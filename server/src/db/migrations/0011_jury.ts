import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * The jury area: jurors (accounts with role 'juror', invited by e-mail), weighted criteria, each juror's
 * scores per entry and criterion, a private comment and recusal per entry, named awards and which entry
 * holds one. Depends only on users and entries (0001/0002), so it applies after any other area's migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jurors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The member of the public jury page this juror is (optional).
    .addColumn('jury_member_id', 'integer', (c) => c.references('jury_members.id').onDelete('set null'))
    // null: every approved entry; 'open' | 'student': that group's.
    .addColumn('group_scope', 'text')
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .execute();

  await db.schema
    .createTable('jury_criteria')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jury_scores')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('juror_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('criterion_id', 'integer', (c) => c.notNull().references('jury_criteria.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jury_scores_uq', ['juror_id', 'entry_id', 'criterion_id'])
    .execute();

  await db.schema
    .createTable('jury_reviews')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('juror_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jury_reviews_uq', ['juror_id', 'entry_id'])
    .execute();

  await db.schema
    .createTable('jury_awards')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One award per entry at most; an award may go to several entries (one per group, or shared).
  await db.schema
    .createTable('jury_award_entries')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey().references('entries.id').onDelete('cascade'))
    .addColumn('award_id', 'integer', (c) => c.notNull().references('jury_awards.id').onDelete('cascade'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['jury_award_entries', 'jury_awards', 'jury_reviews', 'jury_scores', 'jury_criteria', 'jurors']) {
    await db.schema.dropTable(table).execute();
  }
}

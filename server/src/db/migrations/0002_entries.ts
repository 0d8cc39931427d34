import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entries')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submission_no', 'text', (c) => c.notNull().unique())
    .addColumn('entry_no', 'integer', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('slogan', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_logo_url', 'text')
    .addColumn('cover_url', 'text')
    .addColumn('video_cover_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('empower_key', 'text')
    .addColumn('award', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .execute();
  await db.schema.createIndex('entries_user_idx').on('entries').column('user_id').execute();
  await db.schema.createIndex('entries_gallery_idx').on('entries').columns(['status', 'group', 'approved_at']).execute();
  await db.schema.createIndex('entries_votes_idx').on('entries').columns(['status', 'vote_count']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entries').execute();
}

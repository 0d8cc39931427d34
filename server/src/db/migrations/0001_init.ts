import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  const idT = idType(db);

  await db.schema
    .createTable('users')
    .addColumn('id', idT, id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('verified_at', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idT, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_digest', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('news')
    .addColumn('id', idT, id)
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_listing_idx').on('news').columns(['status', 'published_at']).execute();

  await db.schema
    .createTable('jury_members')
    .addColumn('id', idT, id)
    .addColumn('photo_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('exhibitions')
    .addColumn('id', idT, id)
    .addColumn('cover_url', 'text', (c) => c.notNull())
    .addColumn('media_url', 'text')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sponsors')
    .addColumn('id', idT, id)
    .addColumn('logo_url', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', idT, id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('file_url', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['settings', 'templates', 'pages', 'sponsors', 'exhibitions', 'jury_members', 'news', 'sessions', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}

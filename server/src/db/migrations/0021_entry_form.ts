import { type Kysely, sql } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * The entry form becomes the organiser's: groups (any number, each with its texts and film limits) and the
 * extra fields entrants answer. Entries keep their group as the group's key, and carry their answers and the
 * definitions they were checked against (`form_snapshot`: the group's film limits and the fields answered), so
 * an entry submitted before a change still reads as it was asked.
 *
 * The Open and Student Groups are written here, with the texts the site showed before groups were editable,
 * so every install (an empty one too) starts with them. The texts are copied in, not imported: a migration
 * must write the same rows whatever the interface texts become later.
 */
const DEFAULT_GROUPS = [
  {
    key: 'open',
    position: 0,
    i18n: {
      name: { 'zh-CN': '公开组', 'zh-TW': '公開組', 'en-US': 'Open Group' },
      description: {
        'zh-CN': '面向所有人：独立创作者、工作室、企业及社区团队。',
        'zh-TW': '面向所有人：獨立創作者、工作室、企業及社區團隊。',
        'en-US': 'For everyone: independent filmmakers, studios, companies and community teams.',
      },
      rules: { 'zh-CN': '', 'zh-TW': '', 'en-US': '' },
    },
  },
  {
    key: 'student',
    position: 1,
    i18n: {
      name: { 'zh-CN': '学生组', 'zh-TW': '學生組', 'en-US': 'Student Group' },
      description: {
        'zh-CN': '面向中学、大专及高校在读全日制学生。',
        'zh-TW': '面向中學、大專及大學在學全日制學生。',
        'en-US': 'For full-time students of secondary schools, colleges and universities.',
      },
      rules: { 'zh-CN': '', 'zh-TW': '', 'en-US': '' },
    },
  },
];
/** What every film met before limits were per group: at most ten minutes, 1920×1080 landscape. */
const DEFAULT_FILM = { maxSeconds: 600, orientations: ['landscape'], minShortSide: 1080 };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entry_groups')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // { name, description, rules }, each { [locale]: text }
    .addColumn('i18n', 'text', (c) => c.notNull())
    // FilmLimits
    .addColumn('film', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('entry_fields')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    // null: asked in every group
    .addColumn('group_key', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    // the rest of the definition: texts, required, limits, options, consent text, visibility
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('entries')
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('entries')
    .addColumn('form_snapshot', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  const now = new Date().toISOString();
  for (const g of DEFAULT_GROUPS) {
    await sql`insert into entry_groups (key, i18n, film, position, updated_at) values (${g.key}, ${JSON.stringify(g.i18n)}, ${JSON.stringify(DEFAULT_FILM)}, ${g.position}, ${now})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').dropColumn('form_snapshot').execute();
  await db.schema.alterTable('entries').dropColumn('answers').execute();
  await db.schema.dropTable('entry_fields').execute();
  await db.schema.dropTable('entry_groups').execute();
}

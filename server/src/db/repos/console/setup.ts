import type { Db } from '../../database';

/** The counts the setup checklist needs: templates offered, jury criteria, jurors who can sign in. */
export async function countSetupRows(db: Db): Promise<{ templates: number; criteria: number; jurors: number }> {
  const count = (table: 'templates' | 'jury_criteria') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  const [templates, criteria, jurors] = await Promise.all([
    count('templates'),
    count('jury_criteria'),
    db
      .selectFrom('jurors')
      .innerJoin('users', 'users.id', 'jurors.user_id')
      .where('users.disabled_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { templates: Number(templates.n), criteria: Number(criteria.n), jurors: Number(jurors.n) };
}

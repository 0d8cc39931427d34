import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { emailSchema, passwordRule } from '../../../common/console/cli-schemas';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { databaseLabel, isMigrated, MIGRATION_TABLE } from '../db/migration-state';
import { findUserByEmail, setUserRole } from '../db/repos/console/users';
import { createOrPromoteAdmin } from '../services/staff/admins';

/**
 * Organiser accounts from the command line (the first admin has no console to be made in):
 *   npm run admin -- create --email a@b.c   (prompts for the password twice, never echoes it)
 *   npm run admin -- revoke --email a@b.c
 * Uses the same DATABASE_URL / DATA_DIR as the server and says which database that is. A database the server
 * has never migrated is refused (a mistyped DATA_DIR would otherwise get a new, empty contest of its own)
 * unless `--init` asks for it to be created here.
 */
const USAGE = 'usage: npm run admin -- create --email <email> [--init] | revoke --email <email>';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Prompts without echoing what is typed; one reader for all questions so piped input works too. */
function hiddenPrompter() {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string): Promise<string> {
      muted = false;
      output.write(question);
      muted = true;
      const next = await lines.next();
      muted = false;
      process.stdout.write('\n');
      return next.done ? '' : String(next.value);
    },
    close: () => rl.close(),
  };
}

/** Says what was looked for and the ways on; nothing has been created when this is shown. */
function notMigrated(where: string, sqlite: boolean): string {
  const at = where.replace(/^(SQLite|PostgreSQL) /, '');
  const looked = sqlite
    ? `No contest database at ${at} (no such file, or no ${MIGRATION_TABLE} table in it). Nothing was created.`
    : `No contest database at ${at}: it has no ${MIGRATION_TABLE} table. Nothing was created.`;
  return [
    looked,
    sqlite
      ? 'Check DATA_DIR (or DATABASE_URL): it must be the one the server uses, and the server must have started once.'
      : 'Check DATABASE_URL: it must be the one the server uses, and the server must have started once.',
    'To create a new contest database here, run the same command again with --init.',
  ].join('\n');
}

async function main(): Promise<number> {
  const command = process.argv[2];
  const email = emailSchema.safeParse(arg('email') ?? '');
  if ((command !== 'create' && command !== 'revoke') || !email.success) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(undefined, { demoContent: false });
  const where = databaseLabel(config.databaseUrl);
  console.log(`Database: ${where}`);
  if (!process.argv.includes('--init') && !(await isMigrated(config.databaseUrl))) {
    console.error(notMigrated(where, config.databaseUrl.startsWith('sqlite:')));
    return 1;
  }
  const ctx = await createContext(config);
  try {
    if (command === 'revoke') {
      const user = await findUserByEmail(ctx.db, email.data);
      if (!user) {
        console.error(`no account ${email.data}`);
        return 1;
      }
      await setUserRole(ctx.db, user.id, 'user');
      console.log(`${email.data} is no longer an admin`);
      return 0;
    }
    const existing = await findUserByEmail(ctx.db, email.data);
    let password: string | undefined;
    if (!existing) {
      const prompt = hiddenPrompter();
      try {
        password = await prompt.ask('Password: ');
        if (!passwordRule.safeParse(password).success) {
          console.error('The password must be 8 to 15 characters with upper and lower case letters, digits and symbols.');
          return 1;
        }
        if ((await prompt.ask('Repeat password: ')) !== password) {
          console.error('The passwords differ.');
          return 1;
        }
      } finally {
        prompt.close();
      }
    }
    const result = await createOrPromoteAdmin(ctx.db, email.data, password);
    console.log(result === 'created' ? `admin ${email.data} created` : `${email.data} is now an admin`);
    return 0;
  } finally {
    ctx.mailer.close();
    await ctx.db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

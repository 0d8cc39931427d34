import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { emailSchema, passwordRule } from '../../../common/console/cli-schemas';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { findUserByEmail, setUserRole } from '../db/repos/console/users';
import { createOrPromoteAdmin } from '../services/console/admins';

/**
 * Organiser accounts from the command line (the first admin has no console to be made in):
 *   npm run admin -- create --email a@b.c   (prompts for the password twice, never echoes it)
 *   npm run admin -- revoke --email a@b.c
 * Uses the same DATABASE_URL / DATA_DIR as the server.
 */
const USAGE = 'usage: npm run admin -- create --email <email> | revoke --email <email>';

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

async function main(): Promise<number> {
  const command = process.argv[2];
  const email = emailSchema.safeParse(arg('email') ?? '');
  if ((command !== 'create' && command !== 'revoke') || !email.success) {
    console.error(USAGE);
    return 2;
  }
  const ctx = await createContext(loadConfig(undefined, { demoContent: false }));
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

import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../src/context';
import { nowIso } from '../src/db/database';

let seq = 0;

/** Inserts an entry as the submission area would leave it after a completed submission. */
export async function insertEntry(
  ctx: AppContext,
  userId: number,
  opts: { status?: string; group?: 'open' | 'student'; title?: string; locale?: string; createdAt?: string } = {},
): Promise<number> {
  seq++;
  const now = opts.createdAt ?? nowIso();
  const row = await ctx.db
    .insertInto('entries')
    .values({
      user_id: userId,
      submission_no: `T${Date.now().toString(36)}-${process.pid}-${seq}`,
      status: opts.status ?? 'pending',
      group: opts.group ?? 'open',
      title: opts.title ?? `作品 ${seq}`,
      description: '简介',
      team: `团队 ${seq}`,
      team_desc: '',
      slogan: '',
      cover_url: `/media/covers/${seq}.jpg`,
      vote_count: 0,
      locale: opts.locale ?? 'zh-CN',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SinkMail = { to: string; raw: string };

/** A real SMTP server on a free port that keeps what it receives (the tests' mailbox). */
export async function startMailSink(): Promise<{ url: string; mails: SinkMail[]; close: () => Promise<void> }> {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The text of a MIME mail with quoted-printable soft breaks and encodings undone (enough for assertions). */
export function mailText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = unfolded.replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return qp.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
}

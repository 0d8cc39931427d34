import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server that keeps what it receives (the tests' mailbox, and the e2e sink's). It decodes just
 * enough MIME for our own messages: multipart parts, quoted-printable / base64 bodies and encoded-word subjects.
 */
export type SunkMail = { to: string[]; subject: string; text: string; html: string; raw: string };

function decodeQuotedPrintable(s: string): string {
  const flat = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < flat.length; i++) {
    const hex = flat.slice(i + 1, i + 3);
    if (flat[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(flat.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const chunks = part.body.split(`--${boundary}`).slice(1);
  return chunks.filter((c) => !c.startsWith('--')).flatMap((c) => leaves(splitPart(c.replace(/^\r?\n/, ''))));
}

function bodyText(part: Part): string {
  const enc = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

export function parseMail(raw: string, to: string[]): SunkMail {
  const top = splitPart(raw);
  const parts = leaves(top);
  const find = (t: string) => parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(t));
  const text = find('text/plain');
  const html = find('text/html');
  return { to, subject: decodeWords(top.headers.subject ?? ''), text: text ? bodyText(text) : '', html: html ? bodyText(html) : '', raw };
}

export type MailSink = {
  port: number;
  url: string;
  messages: SunkMail[];
  to: (email: string) => SunkMail[];
  /** From now on refuse every message (550), or accept them again; starts as the `failing` option says. */
  refuse: (on: boolean) => void;
  /** Refuses RCPT TO of this one address (550) from now on; the others are taken as usual. */
  refuseRecipient: (email: string) => void;
  /** Takes an address refused before again (its mailbox is fixed). */
  acceptRecipient: (email: string) => void;
  /** How many times a sender offered this address at RCPT TO (refused or not). */
  rcptTries: (email: string) => number;
  /** Holds every message unanswered (the sender waits, as on a slow server) until the returned function is called. */
  hold: () => () => void;
  close: () => Promise<void>;
};

/** Starts the sink on a free port. `failing: true` refuses every message (to test 2012). */
export async function startMailSink(opts: { failing?: boolean; port?: number; host?: string } = {}): Promise<MailSink> {
  const messages: SunkMail[] = [];
  let held: Promise<void> | undefined;
  let failing = opts.failing ?? false;
  const refusedRcpt = new Set<string>();
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const email = address.address.toLowerCase();
      tries.set(email, (tries.get(email) ?? 0) + 1);
      if (refusedRcpt.has(email)) return callback(Object.assign(new Error('no such mailbox here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        await held;
        if (failing) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ),
        );
        callback();
      });
    },
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    to: (email) => messages.filter((m) => m.to.includes(email.toLowerCase())),
    refuse: (on) => {
      failing = on;
    },
    refuseRecipient: (email) => {
      refusedRcpt.add(email.toLowerCase());
    },
    acceptRecipient: (email) => {
      refusedRcpt.delete(email.toLowerCase());
    },
    rcptTries: (email) => tries.get(email.toLowerCase()) ?? 0,
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text part (a sunk mail, or one the e2e sink's reader returned). */
export function linkIn(mail: Pick<SunkMail, 'text'> | undefined): string {
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in mail');
  return link;
}

/** The 6-digit code of a voting-code mail, read from its text part as a person reads it. */
export function codeIn(mail: Pick<SunkMail, 'text'> | undefined): string {
  const code = mail?.text.match(/^\s*(\d{6})\s*$/m)?.[1];
  if (!code) throw new Error('no code in mail');
  return code;
}

/** A whole raw message with quoted-printable and encoded words undone, headers and parts alike (for toContain). */
export function mailText(raw: string): string {
  return decodeWords(decodeQuotedPrintable(raw));
}

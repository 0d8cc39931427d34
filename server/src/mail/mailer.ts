import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Metrics } from '../metrics/metrics';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/**
 * Sends e-mail. With SMTP_URL: real SMTP. Without: each message is written as an .eml file under
 * DATA_DIR/outbox and its links are printed, so a person trying the site on a laptop can still finish
 * registration. `send` rejects when delivery fails; callers turn that into 2012 where a person waits.
 */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createMailer(config: Config, log: (line: string) => void = console.log): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      fs.mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] to ${message.to}: "${message.subject}" -> ${file}${links.map((l) => `\n[mail]   link: ${l}`).join('')}`);
    },
    close: () => transport.close(),
  };
}

/** The mailer with each message counted as sent or failed in the metrics. */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mail.inc({ result: 'sent' });
      } catch (err) {
        metrics.mail.inc({ result: 'failed' });
        throw err;
      }
    },
  };
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertNever } from '../../../common/exhaustive';
import type { Config } from '../config';
import { aliyunSender } from './aliyun';
import type { SmsSender } from './sms';
import { tencentSender } from './tencent';

/** The folder the outbox writes to: the e2e suite and a person trying the site read their codes there. */
export const smsOutboxDir = (dataDir: string) => path.join(dataDir, 'sms-outbox');

function outboxSender(config: Config, log: (line: string) => void): SmsSender {
  const dir = smsOutboxDir(config.dataDir);
  return {
    kind: 'outbox',
    async send(message) {
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`);
      await fs.promises.writeFile(file, `${JSON.stringify({ to: message.to, code: message.code, text: message.text })}\n`);
      log(`[sms] to ${message.to}: "${message.text}" -> ${file}`);
    },
  };
}

export function createSmsSender(config: Config, log: (line: string) => void = console.log): SmsSender {
  const provider = config.sms.provider;
  switch (provider) {
    case 'outbox':
      return outboxSender(config, log);
    case 'aliyun':
      return aliyunSender(config.sms);
    case 'tencent':
      return tencentSender(config.sms);
    default:
      return assertNever(provider, 'SMS provider');
  }
}

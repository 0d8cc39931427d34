import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The cookie-signing secret: COOKIE_SECRET when set, else one generated on first start and kept under
 * DATA_DIR so signed cookies survive restarts without the organiser having to invent a secret.
 */
export function ensureCookieSecret(dataDir: string, configured: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'cookie-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { normaliseReceipt } from '../../../../common/vote-check';

/**
 * A vote's receipt: its row id and a check value in one AES block under a key drawn from the site's secret,
 * written in Crockford's base32 (26 characters, shown in groups of five). Nothing is stored per vote: the
 * server decrypts a receipt to find the vote, and a guess decrypts to a wrong check value but once in 2^64.
 * The code tells nobody else anything (not the vote's number, so not how many votes came before it).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 26;

const keys = new Map<string, { key: Buffer; check: Buffer }>();

function keysOf(secret: string) {
  let k = keys.get(secret);
  if (!k) {
    const digest = createHmac('sha256', secret).update('vote receipt').digest();
    k = { key: digest.subarray(0, 16), check: digest.subarray(16, 24) };
    keys.set(secret, k);
  }
  return k;
}

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | undefined {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return undefined;
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return out.length === 16 ? Buffer.from(out) : undefined;
}

/** Groups of five for reading aloud and copying: "7K2QD-…". */
export const groupReceipt = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;

export function receiptOf(secret: string, voteId: number): string {
  const { key, check } = keysOf(secret);
  const block = Buffer.alloc(16);
  block.writeBigUInt64BE(BigInt(voteId), 0);
  check.copy(block, 8);
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return groupReceipt(toBase32(Buffer.concat([cipher.update(block), cipher.final()])));
}

/** The vote id a receipt names, or undefined when it is malformed or was not made with this secret. */
export function voteIdOfReceipt(secret: string, input: string): number | undefined {
  const code = normaliseReceipt(input);
  if (code.length !== LENGTH) return undefined;
  const bytes = fromBase32(code);
  if (!bytes) return undefined;
  const { key, check } = keysOf(secret);
  const decipher = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  const block = Buffer.concat([decipher.update(bytes), decipher.final()]);
  if (!block.subarray(8).equals(check)) return undefined;
  const id = block.readBigUInt64BE(0);
  return id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined;
}

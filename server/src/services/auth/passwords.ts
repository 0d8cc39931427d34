import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (memory-hard); the encoded hash carries its own parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

import { z } from 'zod';
import { Code, codeMessage } from '../errors/codes';
import { isSafeUrl } from '../safe-url';

/** A URL field of the console: trimmed, at most 1000 characters, empty (none) or an address `isSafeUrl` accepts; else 6040. */
export const urlField = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v === '' || isSafeUrl(v), codeMessage(Code.UnsafeUrl));

import zlib from 'node:zlib';
import { pickEncoding } from '../services/cache/response-cache';

export type Encoded = { body: Buffer | string; encoding?: 'br' | 'gzip' };

/**
 * Compresses a page's HTML for the client when it accepts brotli or gzip. Assets are compressed at build
 * time; cached pages keep their compressed forms (services/cache/response-cache.ts), so this is for a page
 * rendered once, a fast brotli level (a few kB take well under a millisecond).
 */
export function encodeHtml(html: string, acceptEncoding: string | undefined): Encoded {
  const encoding = pickEncoding(acceptEncoding);
  if (encoding === 'br') {
    return { body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding };
  }
  if (encoding === 'gzip') return { body: zlib.gzipSync(html, { level: 6 }), encoding };
  return { body: html };
}

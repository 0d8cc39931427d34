import zlib from 'node:zlib';

export type Encoded = { body: Buffer | string; encoding?: 'br' | 'gzip' };

/** The accepted encodings with their weights (q=0 means "not this one"). */
function accepted(header: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    out.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return out;
}

/**
 * Compresses a page's HTML for the client when it accepts brotli or gzip. Assets are compressed at build
 * time; the HTML is rendered per request, so a fast brotli level (a few kB take well under a millisecond).
 */
export function encodeHtml(html: string, acceptEncoding: string | undefined): Encoded {
  const enc = accepted(acceptEncoding);
  const weight = (name: string) => enc.get(name) ?? (name !== 'identity' ? (enc.get('*') ?? 0) : 1);
  if (weight('br') > 0) {
    return { body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  if (weight('gzip') > 0) return { body: zlib.gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}

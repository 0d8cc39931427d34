/**
 * Responsive image figures on the demo contest's images: bytes of each original vs the WebP / AVIF the
 * resizer makes at a phone's card width (320 px), and the time each costs to make once.
 * Run: npx tsx bench/media-images.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createContext } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { responsiveImage } from '../server/src/services/media/images';

const WIDTH = 320;

function imagesUnder(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'renditions' ? [] : imagesUnder(p, root);
    return /\.(png|jpe?g)$/i.test(d.name) ? [path.relative(root, p).split(path.sep).join('/')] : [];
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-bench-images-'));
  const ctx = await createContext(loadConfig({}, { dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'contest.sqlite')}`, logLevel: 'warn' }));
  try {
    const files = imagesUnder(path.join(dataDir, 'media'));
    const total = { original: 0, webp: 0, avif: 0, webpMs: 0, avifMs: 0 };
    for (const rel of files) {
      total.original += fs.statSync(path.join(dataDir, 'media', rel)).size;
      for (const format of ['webp', 'avif'] as const) {
        const t = performance.now();
        const out = await responsiveImage(dataDir, rel, WIDTH, format);
        total[`${format}Ms`] += performance.now() - t;
        total[format] += fs.statSync(out).size;
      }
    }
    const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
    console.log(`${files.length} demo images at ${WIDTH} px wide`);
    console.log(
      `originals ${kb(total.original)}, WebP ${kb(total.webp)} (${((1 - total.webp / total.original) * 100).toFixed(0)}% saved), AVIF ${kb(total.avif)} (${((1 - total.avif / total.original) * 100).toFixed(0)}% saved)`,
    );
    console.log(`made once: WebP ${(total.webpMs / files.length).toFixed(0)} ms per image, AVIF ${(total.avifMs / files.length).toFixed(0)} ms per image`);
  } finally {
    ctx.mailer.close();
    await ctx.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

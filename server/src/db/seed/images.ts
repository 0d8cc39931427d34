import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type ArtText, artSvg, palette } from './art';
import { portraitSvg } from './portrait';

/**
 * Demo images drawn on this machine from SVG (nothing fetched from the internet). Portraits (portrait.ts), logos
 * and the QR stand-in carry no text; covers are drawn by art.ts, with the entry's title and group on entry covers.
 */
function logoSvg(w: number, h: number, seed: number): string {
  const [a, b] = palette(seed);
  const shapes = [
    `<circle cx="60" cy="40" r="24" fill="${b}"/><circle cx="60" cy="40" r="12" fill="#fff"/>`,
    `<rect x="36" y="16" width="48" height="48" rx="10" fill="${b}" transform="rotate(45 60 40)"/>`,
    `<path d="M30 64 L60 12 L90 64 Z" fill="${b}"/><path d="M46 64 L60 40 L74 64 Z" fill="#fff"/>`,
    `<rect x="30" y="18" width="60" height="44" rx="8" fill="${b}"/><path d="M54 28 L72 40 L54 52 Z" fill="#fff"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 120 80">
  <rect width="120" height="80" rx="8" fill="#fff"/><rect x="4" y="4" width="112" height="72" rx="6" fill="none" stroke="${a}" stroke-width="2" opacity="0.2"/>${shapes[seed % shapes.length]}</svg>`;
}

function qrLikeSvg(size: number): string {
  // A stand-in WeChat code shape for the demo; the organiser uploads the real one.
  const cells: string[] = [];
  let x = 7;
  for (let i = 0; i < 21; i++)
    for (let j = 0; j < 21; j++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      const finder = (i < 7 && j < 7) || (i < 7 && j > 13) || (i > 13 && j < 7);
      if (!finder && x % 3 === 0) cells.push(`<rect x="${j + 2}" y="${i + 2}" width="1" height="1"/>`);
    }
  const finder = (fx: number, fy: number) =>
    `<rect x="${fx}" y="${fy}" width="7" height="7"/><rect x="${fx + 1}" y="${fy + 1}" width="5" height="5" fill="#fff"/><rect x="${fx + 2}" y="${fy + 2}" width="3" height="3"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 25 25" shape-rendering="crispEdges"><rect width="25" height="25" fill="#fff"/><g fill="#111">${cells.join('')}${finder(2, 2)}${finder(16, 2)}${finder(2, 16)}</g></svg>`;
}

async function write(file: string, svg: string, format: 'jpeg' | 'png'): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const img = sharp(Buffer.from(svg));
  const tmp = `${file}.tmp`;
  await (format === 'jpeg' ? img.jpeg({ quality: 82, mozjpeg: true }) : img.png({ compressionLevel: 9 })).toFile(tmp);
  fs.renameSync(tmp, file);
}

export const demoImage = {
  cover: (dir: string, name: string, seed: number, w = 960, h = 540, text?: ArtText) => write(path.join(dir, name), artSvg(w, h, seed, text), 'jpeg'),
  portrait: (dir: string, name: string, seed: number) => write(path.join(dir, name), portraitSvg(480, seed), 'jpeg'),
  logo: (dir: string, name: string, seed: number) => write(path.join(dir, name), logoSvg(240, 160, seed), 'png'),
  qr: (dir: string, name: string) => write(path.join(dir, name), qrLikeSvg(300), 'png'),
};

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Demo images drawn on this machine from SVG (nothing fetched from the internet). They carry no text, so
 * they render the same whatever fonts the machine has.
 */
const PALETTES: [string, string, string][] = [
  ['#0b1f4d', '#1d5fd1', '#ffb020'],
  ['#3a0d2e', '#c2185b', '#ffd54f'],
  ['#06302b', '#0f9d8a', '#f6f1d1'],
  ['#1a1033', '#6a3de8', '#4dd0e1'],
  ['#2b1600', '#e65100', '#fff3e0'],
  ['#102a43', '#2680c2', '#f0b429'],
  ['#1b262c', '#0f4c75', '#bbe1fa'],
  ['#3d0000', '#d32f2f', '#ffcdd2'],
];

export function palette(i: number): [string, string, string] {
  return PALETTES[i % PALETTES.length] as [string, string, string];
}

function coverSvg(w: number, h: number, seed: number): string {
  const [a, b, c] = palette(seed);
  const r = Math.min(w, h);
  const cx = ((seed * 37) % 60) + 20;
  const holes = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${(i * w) / 12 + w / 48}" y="${h * 0.04}" width="${w / 24}" height="${h * 0.05}" rx="3" fill="${c}" opacity="0.35"/><rect x="${(i * w) / 12 + w / 48}" y="${h * 0.91}" width="${w / 24}" height="${h * 0.05}" rx="3" fill="${c}" opacity="0.35"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
  <radialGradient id="l" cx="${cx}%" cy="40%" r="60%"><stop offset="0" stop-color="${c}" stop-opacity="0.55"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#l)"/>
  <rect y="0" width="${w}" height="${h * 0.13}" fill="#000" opacity="0.45"/><rect y="${h * 0.87}" width="${w}" height="${h * 0.13}" fill="#000" opacity="0.45"/>${holes}
  <circle cx="${(w * cx) / 100}" cy="${h * 0.5}" r="${r * 0.22}" fill="none" stroke="${c}" stroke-width="${r * 0.03}" opacity="0.9"/>
  <path d="M ${(w * cx) / 100 - r * 0.07} ${h * 0.5 - r * 0.1} L ${(w * cx) / 100 + r * 0.1} ${h * 0.5} L ${(w * cx) / 100 - r * 0.07} ${h * 0.5 + r * 0.1} Z" fill="${c}"/>
  <path d="M ${w * 0.6} ${h * 0.87} L ${w * 0.78} ${h * 0.3} L ${w * 0.95} ${h * 0.87} Z" fill="#000" opacity="0.18"/></svg>`;
}

function portraitSvg(size: number, seed: number): string {
  const [a, b, c] = palette(seed + 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
  <rect width="100" height="100" fill="url(#g)"/><circle cx="50" cy="40" r="18" fill="${c}" opacity="0.95"/>
  <path d="M 16 100 C 18 72 34 62 50 62 C 66 62 82 72 84 100 Z" fill="${c}" opacity="0.95"/>
  <circle cx="${20 + (seed % 5) * 14}" cy="16" r="5" fill="#fff" opacity="0.25"/></svg>`;
}

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
  cover: (dir: string, name: string, seed: number, w = 960, h = 540) => write(path.join(dir, name), coverSvg(w, h, seed), 'jpeg'),
  portrait: (dir: string, name: string, seed: number) => write(path.join(dir, name), portraitSvg(480, seed), 'jpeg'),
  logo: (dir: string, name: string, seed: number) => write(path.join(dir, name), logoSvg(240, 160, seed), 'png'),
  qr: (dir: string, name: string) => write(path.join(dir, name), qrLikeSvg(300), 'png'),
};

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test files for the submission area, generated in a temp folder (never committed). */
export function fixtureDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-sub-fixtures-'));
}

export function makeVideo(dir: string, name: string, opts: { width: number; height: number; seconds: number; rate?: number }): string {
  const file = path.join(dir, name);
  const source =
    opts.seconds > 30
      ? `color=c=navy:s=${opts.width}x${opts.height}:d=${opts.seconds}:r=${opts.rate ?? 1}`
      : `testsrc=s=${opts.width}x${opts.height}:d=${opts.seconds}:r=${opts.rate ?? 10}`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '45',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

export async function makeImage(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f5a623"/></svg>`,
      ),
    },
  ]);
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 90 }).withMetadata().toBuffer();
}

/** A minimal ZIP writer (stored or deflated entries) so tests can build honest and hostile archives. */
export function makeZip(files: { name: string; data: Buffer; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const body = f.deflate ? zlib.deflateRawSync(f.data) : f.data;
    const name = Buffer.from(f.name);
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(f.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(f.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(files.length, 8);
  eocd.writeUInt16LE(files.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

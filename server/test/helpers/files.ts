import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Files tests upload, generated in a temp folder (never committed): films (ffmpeg), images (sharp), ZIPs and
 * a PDF. No server code here, so the e2e specs and the benchmarks make their files with the same makers.
 */
const exec = promisify(execFile);

export function fixtureDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-sub-fixtures-'));
}

export type FilmSpec = {
  width: number;
  height: number;
  seconds: number;
  /** Frames per second (default 10). */
  rate?: number;
  /** ffmpeg's test card (default), its busier testsrc2, or a still navy picture (cheap to encode at length). */
  picture?: 'testsrc' | 'testsrc2' | 'navy';
  /** H.264 (default) or MPEG-4 Part 2, which no browser plays. */
  codec?: 'h264' | 'mpeg4';
  /** x264's -crf or MPEG-4's -q:v; ffmpeg's default when absent. */
  quality?: number;
  /** A video bitrate such as '8M' (a camera's, for the transcoding bench). */
  bitrate?: string;
  /** A 440 Hz tone as AAC or PCM; silent when absent. */
  sound?: 'aac' | 'pcm';
  /** The index (moov) before the data, as editors export for the web. */
  faststart?: boolean;
};

/** The one ffmpeg argument list every generated film comes from; the container follows the file's extension. */
function filmArgs(file: string, f: FilmSpec): string[] {
  const size = `${f.width}x${f.height}`;
  const picture = f.picture === 'navy' ? `color=c=navy:s=${size}` : `${f.picture ?? 'testsrc'}=s=${size}`;
  const video =
    f.codec === 'mpeg4'
      ? ['-c:v', 'mpeg4', ...(f.quality === undefined ? [] : ['-q:v', String(f.quality)])]
      : ['-c:v', 'libx264', '-preset', 'ultrafast', ...(f.quality === undefined ? [] : ['-crf', String(f.quality)])];
  return [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${picture}:d=${f.seconds}:r=${f.rate ?? 10}`],
    ...(f.sound ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${f.seconds}`] : []),
    ...video,
    ...(f.bitrate ? ['-b:v', f.bitrate] : []),
    ...(f.codec === 'mpeg4' ? [] : ['-pix_fmt', 'yuv420p']),
    ...(f.sound ? ['-c:a', f.sound === 'aac' ? 'aac' : 'pcm_s16le', '-shortest'] : []),
    ...(f.faststart ? ['-movflags', '+faststart'] : []),
    file,
  ];
}

/** Writes the film to `file` (without blocking the app a test runs in this process); returns `file`. */
export async function makeFilm(file: string, spec: FilmSpec, ffmpeg = 'ffmpeg'): Promise<string> {
  await exec(ffmpeg, filmArgs(file, spec));
  return file;
}

/**
 * A film as the entry form takes it: silent H.264, small (crf 45). Over 30 s a still navy picture at 1 fps,
 * so a ten-minute film takes seconds to make.
 */
export function makeEntryFilm(file: string, f: { width: number; height: number; seconds: number; faststart?: boolean }): Promise<string> {
  const long = f.seconds > 30;
  return makeFilm(file, { ...f, picture: long ? 'navy' : 'testsrc', rate: long ? 1 : 10, quality: 45 });
}

/**
 * A 1080p film with a tone in another format entrants may send (MP4, AVI, MOV and others are allowed): `avi`
 * (MPEG-4 Part 2 + PCM, which no browser plays) or `mov` (QuickTime with H.264 + PCM). Written as
 * `fixture.<kind>` in `dir`.
 */
export function makeAviOrMov(dir: string, kind: 'avi' | 'mov', seconds = 2): Promise<string> {
  const codec = kind === 'avi' ? ({ codec: 'mpeg4', quality: 6 } as const) : ({ codec: 'h264' } as const);
  return makeFilm(path.join(dir, `fixture.${kind}`), { width: 1920, height: 1080, seconds, rate: 25, picture: 'testsrc2', sound: 'pcm', ...codec });
}

export function corruptFilm(dir: string): string {
  const file = path.join(dir, 'corrupt.mp4');
  // An MP4 box header followed by noise: looks like a film by name and magic, decodes to nothing.
  fs.writeFileSync(file, Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom'), Buffer.alloc(4096, 0x5a)]));
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

type ZipFields = { method: number; crc: number; stored: number; size: number; nameLength: number };

/** The fields a local header (at 8) and a central-directory header (at 10) both carry, in the same order. */
function writeZipFields(header: Buffer, at: number, f: ZipFields): void {
  header.writeUInt16LE(f.method, at);
  header.writeUInt32LE(f.crc, at + 6);
  header.writeUInt32LE(f.stored, at + 10);
  header.writeUInt32LE(f.size, at + 14);
  header.writeUInt16LE(f.nameLength, at + 18);
}

/** A minimal ZIP writer (stored or deflated entries) so tests can build honest and hostile archives. */
export function makeZip(files: { name: string; data: Buffer; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const body = f.deflate ? zlib.deflateRawSync(f.data) : f.data;
    const name = Buffer.from(f.name);
    const fields = { method: f.deflate ? 8 : 0, crc: zlib.crc32(f.data), stored: body.length, size: f.data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeZipFields(local, 8, fields);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeZipFields(central, 10, fields);
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

/** The five files of a complete entry and the names a browser sends them with. */
export const ENTRY_FILE_NAMES = {
  teamLogo: 'logo.png',
  cover: 'cover.jpg',
  videoCover: 'still.jpg',
  video: 'film.mp4',
  empower: 'authorisation.zip',
} as const;

export type EntryFilePurpose = keyof typeof ENTRY_FILE_NAMES;

/** One uploaded file of an entry: its upload id, the bytes sent, the name given, and the public URL of a normalised image. */
export type SentFile = { id: string; data: Buffer; name: string; url: string | null };

let film: Buffer | undefined;

/** A 2 s 1920x1080 H.264 film (what the submission checks accept), made once per process. */
export async function testFilm(): Promise<Buffer> {
  if (!film) {
    const dir = fixtureDir();
    try {
      film = fs.readFileSync(await makeEntryFilm(path.join(dir, 'film.mp4'), { width: 1920, height: 1080, seconds: 2 }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return film;
}

/** The five files of a complete entry, by purpose: the given film, valid images and an authorisation package. */
export async function entryFileSet(film: Buffer): Promise<[EntryFilePurpose, Buffer][]> {
  return [
    ['teamLogo', await makeImage(200, 200, 'png')],
    ['cover', await makeImage(500, 500, 'jpeg')],
    ['videoCover', await makeImage(1920, 1080, 'jpeg')],
    ['video', film],
    ['empower', makeZip([{ name: 'letter.pdf', data: SMALL_PDF }])],
  ];
}

/** Every file below a folder (recursive, sorted), so a refused upload can be shown to have written nothing. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

import fs from 'node:fs';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';
import { readHead, sniff } from './sniff';

/** A package of forms and letters never legitimately expands past these. */
const MAX_EXPANDED_BYTES = 1024 * 1024 * 1024;
const MAX_RATIO = 100;
const MAX_ENTRIES = 1000;
const NESTED_ARCHIVE = /\.(zip|rar|7z|gz|tgz|bz2|xz|tar)$/i;

export type PackageFacts = { kind: 'zip' | 'pdf' | 'rar' | '7z'; files?: number; expandedBytes?: number };

/** Reads a ZIP's central directory (without extracting) and refuses bombs: huge totals, wild ratios, nesting. */
function checkZip(buf: Buffer): PackageFacts {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new AppError(Code.PackageType);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: sizes beyond 4 GB are no authorisation letter.
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw new AppError(Code.ArchiveBomb);
  if (count > MAX_ENTRIES) throw new AppError(Code.ArchiveBomb);
  if (cdOffset + cdSize > buf.length) throw new AppError(Code.PackageType);
  let pos = cdOffset;
  let expanded = 0;
  for (let n = 0; n < count; n++) {
    if (pos + 46 > buf.length || buf.readUInt32LE(pos) !== 0x02014b50) throw new AppError(Code.PackageType);
    const compressed = buf.readUInt32LE(pos + 20);
    const size = buf.readUInt32LE(pos + 24);
    const nameLength = buf.readUInt16LE(pos + 28);
    const extraLength = buf.readUInt16LE(pos + 30);
    const commentLength = buf.readUInt16LE(pos + 32);
    const name = buf.toString('utf8', pos + 46, pos + 46 + nameLength);
    if (size === 0xffffffff || compressed === 0xffffffff) throw new AppError(Code.ArchiveBomb);
    if (NESTED_ARCHIVE.test(name)) throw new AppError(Code.ArchiveBomb);
    if (size > 1024 * 1024 && size / Math.max(compressed, 1) > MAX_RATIO) throw new AppError(Code.ArchiveBomb);
    expanded += size;
    if (expanded > MAX_EXPANDED_BYTES) throw new AppError(Code.ArchiveBomb);
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return { kind: 'zip', files: count, expandedBytes: expanded };
}

/** The authorisation package: ZIP or PDF (RAR and 7z by signature), judged by its bytes. */
export async function checkPackage(file: string): Promise<PackageFacts> {
  const kind = sniff(await readHead(file, 16));
  if (kind === 'pdf' || kind === 'rar' || kind === '7z') return { kind };
  if (kind !== 'zip') throw new AppError(Code.PackageType);
  return checkZip(await fs.promises.readFile(file));
}

/**
 * Where the image data really ends. Bytes after that point (a ZIP, HTML or script appended to a valid
 * picture: a polyglot) mean the file is not just an image; we refuse it rather than silently strip it.
 */
export function pngEnd(buf: Buffer): number {
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    pos += 12 + length;
    if (type === 'IEND') return pos;
  }
  return -1;
}

export function jpegEnd(buf: Buffer): number {
  let pos = 2;
  while (pos + 2 <= buf.length) {
    if (buf[pos] !== 0xff) return -1;
    let marker = buf[pos + 1] as number;
    while (marker === 0xff && pos + 2 < buf.length) {
      pos++;
      marker = buf[pos + 1] as number;
    }
    if (marker === 0xd9) return pos + 2;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    if (pos + 4 > buf.length) return -1;
    const length = buf.readUInt16BE(pos + 2);
    pos += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data: a 0xFF is followed by 0x00 (stuffing) or a restart marker; anything else ends it.
      while (pos + 1 < buf.length) {
        if (buf[pos] === 0xff) {
          const next = buf[pos + 1] as number;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        pos++;
      }
    }
  }
  return -1;
}

/** True when non-zero bytes follow the end of the image (zero padding from some cameras is harmless). */
export function hasTrailingData(buf: Buffer, format: 'jpeg' | 'png'): boolean {
  const end = format === 'png' ? pngEnd(buf) : jpegEnd(buf);
  if (end < 0) return true;
  for (let i = end; i < buf.length; i++) if (buf[i] !== 0) return true;
  return false;
}

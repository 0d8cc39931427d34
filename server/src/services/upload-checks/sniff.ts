import fs from 'node:fs';

/** The first bytes of a file: file types are judged by their content, never by name or declared type. */
export async function readHead(file: string, length = 512): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const starts = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

export type Sniffed = 'jpeg' | 'png' | 'svg' | 'zip' | 'pdf' | 'rar' | '7z' | 'unknown';

export function sniff(head: Buffer): Sniffed {
  if (starts(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (starts(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (starts(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')) || /^<!doctype svg/.test(text)) return 'svg';
  return 'unknown';
}

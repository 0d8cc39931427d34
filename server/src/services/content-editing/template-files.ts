import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_MAX_BYTES, type TemplateFileUpload } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import { megabytes } from '../../../../common/format';
import type { AppContext } from '../../context';
import { findContent, updateContent } from '../../db/repos/console/content';
import { AppError } from '../../errors';
import { removeMediaFile } from '../media/public-files';
import { checkPackage } from '../upload-checks/package';
import { sniff } from '../upload-checks/sniff';

type TemplateKind = TemplateFileUpload['kind'];

/** Word 97-2003 files are OLE compound files; the "WordDocument" stream tells them from Excel or PowerPoint. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** Runs the submission area's ZIP check (central directory, no bombs, no nesting) on bytes in memory. */
async function checkZipBytes(buf: Buffer): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-template-'));
  try {
    const file = path.join(dir, 'upload.zip');
    await fs.promises.writeFile(file, buf);
    await checkPackage(file);
  } catch (err) {
    // A damaged archive is "not a template file" here; the package's own wording speaks of entries.
    if (err instanceof AppError && err.code === Code.PackageType) throw new AppError(Code.TemplateType);
    throw err;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What a template file really is, judged by its bytes: PDF, DOC, DOCX (a ZIP holding word/document.xml) or ZIP. */
export async function judgeTemplateFile(buf: Buffer): Promise<TemplateKind> {
  if (buf.length === 0) throw new AppError(Code.NoFileReceived);
  if (buf.length > TEMPLATE_MAX_BYTES) throw new AppError(Code.FileTooLarge, { values: { size: megabytes(TEMPLATE_MAX_BYTES) } });
  if (buf.subarray(0, 8).equals(OLE_SIGNATURE)) {
    if (!buf.includes(WORD_STREAM)) throw new AppError(Code.TemplateType);
    return 'doc';
  }
  const kind = sniff(buf.subarray(0, 512));
  if (kind === 'pdf') return 'pdf';
  if (kind !== 'zip') throw new AppError(Code.TemplateType);
  await checkZipBytes(buf);
  return buf.includes('[Content_Types].xml') && buf.includes('word/document.xml') ? 'docx' : 'zip';
}

/** The name visitors' downloads get: the organiser's file name, made safe, with the extension the bytes earned. */
export function downloadName(given: string | undefined, slug: string, kind: TemplateKind): string {
  const base = path
    .basename((given ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}"<>:|?*/]/gu, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 100);
  return `${base || slug}.${kind}`;
}

/** Generated names of replaced templates; only these are deleted when replaced again (seeded files stay). */
const GENERATED = /^\/media\/templates\/[a-f0-9]{24}\.(pdf|doc|docx|zip)$/;

/**
 * Replaces the file of one template: checks the bytes, writes them under a generated public name, points
 * the row at it (the public download links follow at once) and removes the file it replaced.
 */
export async function replaceTemplateFile(ctx: AppContext, id: number, buf: Buffer, givenName: string | undefined): Promise<TemplateFileUpload> {
  const row = await findContent(ctx.db, 'templates', id);
  if (!row) throw new AppError(Code.NotFound);
  const kind = await judgeTemplateFile(buf);
  const fileName = downloadName(givenName, String(row.slug), kind);
  const fileUrl = await ctx.storage.putPublic(`templates/${randomBytes(12).toString('hex')}.${kind}`, buf);
  try {
    if (!(await updateContent(ctx.db, 'templates', id, { file_url: fileUrl, file_name: fileName }))) throw new AppError(Code.NotFound);
  } catch (err) {
    removeMediaFile(ctx.config.dataDir, fileUrl);
    throw err;
  }
  const previous = String(row.file_url ?? '');
  if (GENERATED.test(previous)) removeMediaFile(ctx.config.dataDir, previous);
  return { id, fileUrl, fileName, bytes: buf.length, kind };
}

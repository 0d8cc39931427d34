import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { CONTENT_IMAGE_MAX_EDGE, type ContentImagePurpose, type ContentImageUpload } from '../../../../common/console/uploads';
import { IMAGE_MAX_BYTES } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { megabytes } from '../../../../common/format';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hasTrailingData } from '../upload-checks/image-end';
import { sniff } from '../upload-checks/sniff';

type Format = 'jpeg' | 'png' | 'webp';

/** WebP is RIFF: "RIFF" <size> "WEBP". The submission sniffer knows only JPG and PNG (entry images are jpg or png). */
function isWebp(buf: Buffer): boolean {
  return buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP';
}

/** Bytes past the RIFF chunk's declared size (one pad byte allowed) are something hidden in the file. */
function webpHasTrailingData(buf: Buffer): boolean {
  const end = 8 + buf.readUInt32LE(4);
  return end > buf.length || buf.length > end + 1;
}

function formatOf(buf: Buffer): Format {
  if (isWebp(buf)) return 'webp';
  const kind = sniff(buf.subarray(0, 512));
  if (kind === 'svg') throw new AppError(Code.ImageSvg);
  if (kind !== 'jpeg' && kind !== 'png') throw new AppError(Code.ContentImageType);
  return kind;
}

/**
 * A content image (news / exhibition cover, jury photo, sponsor logo, WeChat QR) judged by its bytes, the
 * way entry images are: JPG, PNG or WebP, at most 5 MB, nothing appended. It is decoded and re-encoded in
 * its own format, turned upright and shrunk to `edge` (the purpose's largest edge); re-encoding drops EXIF, GPS
 * and anything else riding in the file. Free proportions: the site crops with CSS, organisers choose.
 */
export async function normaliseContentImage(buf: Buffer, edge: number): Promise<{ data: Buffer; ext: 'jpg' | 'png' | 'webp'; width: number; height: number }> {
  if (buf.length === 0) throw new AppError(Code.NoFileReceived);
  if (buf.length > IMAGE_MAX_BYTES) throw new AppError(Code.FileTooLarge, { values: { size: megabytes(IMAGE_MAX_BYTES) } });
  const format = formatOf(buf);
  if (format === 'webp' ? webpHasTrailingData(buf) : hasTrailingData(buf, format)) throw new AppError(Code.ImageHiddenData);
  let meta: Metadata;
  try {
    meta = await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new AppError(Code.ContentImageType);
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new AppError(Code.ContentImageType);
  try {
    let pipeline = sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate().resize(edge, edge, { fit: 'inside', withoutEnlargement: true });
    if (format === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
    else if (format === 'webp') pipeline = pipeline.webp({ quality: 85 });
    else pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ext: format === 'jpeg' ? 'jpg' : format, width: info.width, height: info.height };
  } catch {
    throw new AppError(Code.ContentImageType);
  }
}

/** Checks, re-encodes and publishes one image under a generated name; returns the URL a content row stores. */
export async function storeContentImage(ctx: AppContext, buf: Buffer, purpose: ContentImagePurpose): Promise<ContentImageUpload> {
  const image = await normaliseContentImage(buf, CONTENT_IMAGE_MAX_EDGE[purpose]);
  const url = await ctx.storage.putPublic(`content/${randomBytes(12).toString('hex')}.${image.ext}`, image.data);
  return { url, width: image.width, height: image.height, bytes: image.data.length, format: image.ext };
}

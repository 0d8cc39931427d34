import fs from 'node:fs';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_SIZES } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';
import { hasTrailingData } from './image-end';
import { sniff } from './sniff';

export type ImagePurpose = keyof typeof IMAGE_SIZES;
export type NormalisedImage = { data: Buffer; ext: 'jpg' | 'png'; width: number; height: number; source: { width: number; height: number } };

/** Aspect ratios within 2% count as right: cropping in the browser rounds to whole pixels. */
const RATIO_TOLERANCE = 0.02;

/**
 * Reads an uploaded image by its bytes: JPG or PNG only, nothing appended, at most 5 MB, decodable.
 * Its size is as shown (EXIF rotation applied).
 */
export async function inspectImage(file: string): Promise<{ buf: Buffer; kind: 'jpeg' | 'png'; width: number; height: number }> {
  const buf = await fs.promises.readFile(file);
  if (buf.length > IMAGE_MAX_BYTES) throw new AppError(Code.FileTooLarge, { values: { size: IMAGE_MAX_BYTES / 1024 / 1024 } });
  const kind = sniff(buf.subarray(0, 512));
  if (kind === 'svg') throw new AppError(Code.ImageSvg);
  if (kind !== 'jpeg' && kind !== 'png') throw new AppError(Code.ImageType);
  if (hasTrailingData(buf, kind)) throw new AppError(Code.ImageHiddenData);
  let meta: Metadata;
  try {
    meta = await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new AppError(Code.ImageType);
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw new AppError(Code.ImageType);
  // EXIF orientation 5-8 swaps width and height once applied.
  const swapped = (meta.orientation ?? 1) >= 5;
  return { buf, kind, width: (swapped ? meta.height : meta.width) ?? 0, height: (swapped ? meta.width : meta.height) ?? 0 };
}

/**
 * Checks an uploaded image (inspectImage), with the right proportions for its purpose, and re-encodes it
 * at the exact size of its purpose. Decoding and re-encoding drops metadata (EXIF, GPS) and anything hidden
 * in the file.
 */
export async function normaliseImage(file: string, purpose: ImagePurpose): Promise<NormalisedImage> {
  const { buf, kind, width, height } = await inspectImage(file);
  const target = IMAGE_SIZES[purpose];
  const ratio = width / height;
  const expected = target.width / target.height;
  const value = `${width}×${height}`;
  const expectedText = `${target.width}×${target.height}`;
  if (!height || Math.abs(ratio - expected) / expected > RATIO_TOLERANCE || width < target.width / 2 || height < target.height / 2) {
    throw new AppError(Code.ImageSize, { values: { value, expected: expectedText } });
  }
  const ext = kind === 'png' ? 'png' : 'jpg';
  try {
    let pipeline = sharp(buf, { failOn: 'error' }).rotate().resize(target.width, target.height, { fit: 'cover' });
    pipeline = ext === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 88, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height, source: { width, height } };
  } catch {
    throw new AppError(Code.ImageType);
  }
}

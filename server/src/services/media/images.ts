import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { Code } from '../../../../common/errors';
import { IMAGE_WIDTHS, type ImageFormat } from '../../../../common/media';
import { AppError } from '../../errors';
import { mediaPaths } from './paths';

/**
 * Responsive images: a public image under DATA_DIR/media resized to one of the allowed widths as WebP or
 * AVIF, made once into the cache folder and reused. Paths are checked strictly (plain name segments, an
 * image extension, the real path still inside media/), so the route cannot be turned into a file reader.
 */

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const SOURCE_EXT = /\.(png|jpe?g|webp|gif)$/i;

/** Resolves `rel` (a path under media/) to the source file, or throws 7002. */
export function resolveSource(dataDir: string, rel: string): string {
  const segments = rel.split('/');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..')) || !SOURCE_EXT.test(rel)) {
    throw new AppError(Code.ImageNotFound);
  }
  const root = mediaPaths(dataDir).media;
  const file = path.join(root, ...segments);
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    throw new AppError(Code.ImageNotFound);
  }
  if (!real.startsWith(fs.realpathSync(root) + path.sep) || !fs.statSync(real).isFile()) throw new AppError(Code.ImageNotFound);
  return real;
}

const inflight = new Map<string, Promise<string>>();

/** Returns the cached file for (rel, width, format), making it first when missing or older than the source. */
export async function responsiveImage(dataDir: string, rel: string, width: number, format: ImageFormat): Promise<string> {
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) throw new AppError(Code.ImageWidth);
  const source = resolveSource(dataDir, rel);
  const target = path.join(mediaPaths(dataDir).imageCache, String(width), `${rel}.${format}`);
  const fresh = fs.existsSync(target) && fs.statSync(target).mtimeMs >= fs.statSync(source).mtimeMs;
  if (fresh) return target;
  let job = inflight.get(target);
  if (!job) {
    job = make(source, target, width, format).finally(() => inflight.delete(target));
    inflight.set(target, job);
  }
  return job;
}

async function make(source: string, target: string, width: number, format: ImageFormat): Promise<string> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    const pipeline = sharp(source, { limitInputPixels: 40_000_000 }).rotate().resize({ width, withoutEnlargement: true });
    // AVIF effort 2 keeps encoding around WebP's cost on this hardware; quality tuned for photos and art.
    await (format === 'avif' ? pipeline.avif({ quality: 50, effort: 2 }) : pipeline.webp({ quality: 72, effort: 4 })).toFile(tmp);
    fs.renameSync(tmp, target);
    return target;
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new AppError(Code.ImageFailed, { cause: err });
  }
}

import { randomBytes } from 'node:crypto';
import { LIBRARY_IMAGE_MAX_EDGE, type LibraryImage } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { articleTexts, deleteLibraryImage, findLibraryImage, insertLibraryImage, listLibraryImages } from '../../db/repos/console/media-library';
import { AppError } from '../../errors';
import { removeMediaFile } from '../media/public-files';
import { normaliseContentImage } from './images';

/**
 * The media library: images checked and re-encoded like every content image, kept under media/library/
 * (outside media/content/, which the orphan sweep clears of files no row names) and placed in article
 * bodies by address. An image some text still shows is not deleted, so no published page loses a picture.
 */

/** The folder under media/ the library's files live in. */
const FOLDER = 'library';

type Row = NonNullable<Awaited<ReturnType<typeof findLibraryImage>>>;

/** How many texts show `url`; an address is a whole attribute value, so one image's name never matches another's. */
function usesOf(texts: string[], url: string): number {
  const quoted = JSON.stringify(url).slice(1, -1);
  return texts.filter((t) => t.includes(`src=\\"${quoted}\\"`) || t.includes(`src="${quoted}"`)).length;
}

function toApi(row: Row, texts: string[]): LibraryImage {
  return {
    id: Number(row.id),
    url: row.url,
    name: row.name,
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.bytes),
    format: row.format,
    createdAt: row.created_at,
    uses: usesOf(texts, row.url),
  };
}

export async function listLibrary(ctx: AppContext): Promise<LibraryImage[]> {
  const [rows, texts] = await Promise.all([listLibraryImages(ctx.db), articleTexts(ctx.db)]);
  return rows.map((r) => toApi(r, texts));
}

/** A file name the console shows: the upload's own name without folders or control characters. */
function displayName(name: string | undefined, ext: string): string {
  const base =
    (name ?? '')
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}]/gu, '')
      .trim()
      .slice(0, 120) ?? '';
  return base || `image.${ext}`;
}

/** Checks and re-encodes the bytes, then writes the file and its row; a refused file leaves neither. */
export async function addToLibrary(ctx: AppContext, buf: Buffer, name?: string): Promise<LibraryImage> {
  const image = await normaliseContentImage(buf, LIBRARY_IMAGE_MAX_EDGE);
  const url = await ctx.storage.putPublic(`${FOLDER}/${randomBytes(12).toString('hex')}.${image.ext}`, image.data);
  try {
    const id = await insertLibraryImage(ctx.db, {
      url,
      name: displayName(name, image.ext),
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      format: image.ext,
      created_at: nowIso(),
    });
    const row = await findLibraryImage(ctx.db, id);
    if (!row) throw new AppError(Code.MediaNotFound);
    return toApi(row, []);
  } catch (err) {
    removeMediaFile(ctx.config.dataDir, url);
    throw err;
  }
}

/** Deletes an image no text shows any more: the row first, then its file. */
export async function removeFromLibrary(ctx: AppContext, id: number): Promise<void> {
  const row = await findLibraryImage(ctx.db, id);
  if (!row) throw new AppError(Code.MediaNotFound);
  const uses = usesOf(await articleTexts(ctx.db), row.url);
  if (uses > 0) throw new AppError(Code.MediaInUse, { values: { count: uses } });
  await deleteLibraryImage(ctx.db, id);
  removeMediaFile(ctx.config.dataDir, row.url);
}

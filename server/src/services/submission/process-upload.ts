import type { IMAGE_SIZES } from '../../../../common/constants';
import type { CredentialPurpose } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { deleteUpload, markUploadReady } from '../../db/repos/submission/uploads';
import { publicFolder } from '../../storage/index';
import { acceptExhibitionVideo } from '../exhibition-video/videos';
import { inspectImage, normaliseImage } from '../upload-checks/image';
import { checkPackage } from '../upload-checks/package';
import { readSubtitles } from '../upload-checks/read-subtitles';
import { checkVideo, FILM_RULES, TRAILER_RULES } from '../upload-checks/video';

export type UploadResult = { id: string; purpose: CredentialPurpose; url: string | null; meta: Record<string, unknown> };

const isImage = (p: CredentialPurpose): p is keyof typeof IMAGE_SIZES => p === 'teamLogo' || p === 'cover' || p === 'videoCover';

/**
 * Runs when the last byte of an upload has arrived: checks the real bytes for the upload's purpose.
 * Accepted: images are re-encoded to their exact size as public files and the original is deleted;
 * films, trailers, subtitles and packages stay private; an exhibition video goes on to be published (console/exhibition-video). Refused: the bytes and the row are deleted, and the refusal rethrown.
 */
export async function processUpload(ctx: AppContext, upload: { id: string; purpose: CredentialPurpose }): Promise<UploadResult> {
  const { storage, db } = ctx;
  try {
    // The organiser's exhibition video: probed now, converted and published in the background.
    if (upload.purpose === 'exhibitionVideo') return { id: upload.id, purpose: upload.purpose, url: null, meta: await acceptExhibitionVideo(ctx, upload.id) };
    if (isImage(upload.purpose)) {
      const purpose = upload.purpose;
      const image = await storage.withLocalFile(upload.id, (file) => normaliseImage(file, purpose));
      const url = await storage.putPublic(`${publicFolder()}/${purpose}.${image.ext}`, image.data);
      const meta = { width: image.width, height: image.height, source: image.source };
      try {
        await markUploadReady(db, upload.id, { storage_key: null, public_url: url, meta: JSON.stringify(meta), updated_at: nowIso() });
      } catch (err) {
        await storage.removePublic(url);
        throw err;
      }
      await storage.removeOriginal(upload.id);
      return { id: upload.id, purpose, url, meta };
    }
    // An answer's image (a student ID card) is checked like the entry's images but stays private, as uploaded:
    // only the organiser downloads it.
    if (upload.purpose === 'fieldFile') {
      const { width, height, kind } = await storage.withLocalFile(upload.id, (file) => inspectImage(file));
      const meta = { width, height, format: kind };
      await markUploadReady(db, upload.id, { storage_key: upload.id, public_url: null, meta: JSON.stringify(meta), updated_at: nowIso() });
      return { id: upload.id, purpose: upload.purpose, url: null, meta };
    }
    // Subtitles stay private as uploaded; the gallery serves them as WebVTT only while the entry is public.
    if (upload.purpose === 'subtitles') {
      const { cues } = await readSubtitles(storage, upload.id);
      const meta = { cues };
      await markUploadReady(db, upload.id, { storage_key: upload.id, public_url: null, meta: JSON.stringify(meta), updated_at: nowIso() });
      return { id: upload.id, purpose: upload.purpose, url: null, meta };
    }
    // A trailer is checked like the film, with its own length limit, and kept private like it.
    const video = upload.purpose === 'video' ? FILM_RULES : upload.purpose === 'trailer' ? TRAILER_RULES : null;
    const meta = video
      ? await storage.withLocalFile(upload.id, (file) => checkVideo(file, video))
      : await storage.withLocalFile(upload.id, (file) => checkPackage(file));
    await markUploadReady(db, upload.id, { storage_key: upload.id, public_url: null, meta: JSON.stringify(meta), updated_at: nowIso() });
    return { id: upload.id, purpose: upload.purpose, url: null, meta };
  } catch (err) {
    await storage.removeOriginal(upload.id);
    await deleteUpload(db, upload.id);
    throw err;
  }
}

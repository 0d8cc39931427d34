import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server'; // re-exports @tus/utils, which is not a direct dependency
import { Code } from '../../../common/errors';
import { classifyFailure } from '../db/failures';
import { AppError } from '../errors';

type OutOfSpaceDetail = { code: string; path: string; uploadId: string; offset: number; truncated: boolean };

/** A chunk that did not fit on the disk (9507, status 507); `detail` is for the log. */
export class UploadOutOfSpace extends AppError {
  readonly detail: OutOfSpaceDetail;

  constructor(detail: OutOfSpaceDetail, cause: unknown) {
    super(Code.StorageFull, { cause });
    this.detail = detail;
  }
}

/**
 * Any other write failure, answered as the library answers it (FILE_WRITE_ERROR: status 500 and its text,
 * which the tus server turns into the envelope) but carrying the real error as its cause, for the log.
 */
class UploadWriteFailed extends Error {
  readonly status_code = ERRORS.FILE_WRITE_ERROR.status_code;
  readonly body = ERRORS.FILE_WRITE_ERROR.body;

  constructor(cause: unknown) {
    super('upload chunk could not be written', { cause });
  }
}

/**
 * @tus/file-store with one change: a chunk that runs out of disk space (ENOSPC, quota, file too large).
 * The library reports any write failure as a bare 500 and keeps the bytes written so far, so a full disk
 * stayed full. Here the file is cut back to the offset the chunk started at, which frees the space and
 * keeps the upload resumable by the protocol: HEAD reports that offset and the client resumes from it
 * when space returns. The failure carries its cause so the tus server answers 9507 and logs it once.
 */
export class LocalTusStore extends FileStore {
  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const file = path.join(this.directory, id);
    if (path.relative(this.directory, file).startsWith('..')) throw ERRORS.FILE_NOT_FOUND;
    const out = fs.createWriteStream(file, { flags: 'r+', start: offset });
    try {
      // Not stream.pipeline, as the library does: it destroys `readable` with the write error, and the tus
      // server's own pipeline then reports that raw error (a plain-text 500 quoting ENOSPC) instead of ours.
      await new Promise<void>((resolve, reject) => {
        readable.once('error', (err) => {
          out.destroy();
          reject(err);
        });
        out.once('error', (err) => {
          readable.unpipe(out);
          reject(err);
        });
        out.once('close', () => resolve());
        readable.pipe(out);
      });
    } catch (err) {
      const failure = classifyFailure(err);
      if (failure?.kind !== 'outOfSpace') throw new UploadWriteFailed(err);
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      const truncated = await fs.promises.truncate(file, offset).then(
        () => true,
        () => false,
      );
      throw new UploadOutOfSpace({ code: failure.code, path: file, uploadId: id, offset, truncated }, err);
    }
    return offset + out.bytesWritten;
  }
}

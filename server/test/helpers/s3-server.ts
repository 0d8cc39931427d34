import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../src/config';

/**
 * An S3-compatible server on loopback for the S3 suites: s3rver (npm, pure JavaScript, files in a temporary
 * folder). s3rver 3.7 implements multipart upload but not two of its calls @tus/s3-store makes, ListParts
 * and AbortMultipartUpload; they are answered here from s3rver's own part files, in S3's XML, before its router.
 */
export type S3Server = { settings: S3Settings; directory: string; close: () => Promise<void> };

type KoaContext = { method: string; path: string; query: Record<string, string>; status: number; type: string; body: unknown };
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The two multipart calls s3rver lacks, over its part files `<uploads folder>/<uploadId>/<n>` (+ `.md5`). */
function multipartCalls(uploadsOf: (bucket: string) => string): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!uploadId || !bucket || keyParts.length === 0 || !/^[\w-]+$/.test(uploadId) || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = path.join(uploadsOf(bucket), uploadId);
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        const stat = fs.statSync(file);
        const etag = fs.existsSync(`${file}.md5`) ? fs.readFileSync(`${file}.md5`, 'utf8') : '';
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${etag}"</ETag><Size>${stat.size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><Key>${xml(decodeURIComponent(keyParts.join('/')))}</Key><UploadId>${xml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

export async function startS3Server(bucket = 'contest-originals'): Promise<S3Server> {
  const { default: S3rver } = await import('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const store = (server as unknown as { store: { getResourcePath(bucket: string, key: undefined, resource: string): string } }).store;
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(multipartCalls((b) => store.getResourcePath(b, undefined, 'uploads')));
  const address = (await server.run()) as AddressInfo;
  return {
    directory,
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

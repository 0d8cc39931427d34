import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Built assets under /dist/ (hashed names: cached for a year; the `.br`/`.gz` siblings written at build
 * time are served to clients that accept them) and public media under /media/ (seeded
 * and published images). Media never render as HTML: nosniff plus a sandboxing CSP on every file.
 */
export async function staticFiles(app: FastifyInstance) {
  const { webDir, dataDir } = app.ctx.config;
  fs.mkdirSync(webDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/dist/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  const mediaDir = path.join(dataDir, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders(res, filePath) {
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.header('cache-control', 'public, max-age=86400');
      if (!/\.(png|jpe?g|webp|avif|gif|mp4|webm|m3u8|ts|m4s|vtt)$/i.test(filePath)) {
        res.header('content-disposition', 'attachment');
      }
    },
  });
}

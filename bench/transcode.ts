/**
 * Transcoding speed on this machine: a generated 10 s 1080p H.264/AAC clip (what a phone or editor
 * exports) through the whole pipeline (three HLS renditions, MP4 fallback, poster, preview strip).
 * Run: npx tsx bench/transcode.ts   (MEDIA_X264_PRESET picks the x264 preset; default veryfast)
 * Prints seconds of film per second of wall time (>1 = faster than real time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { ffmpegAvailable } from '../server/src/services/media/ffmpeg';
import { transcodeFilm } from '../server/src/services/media/transcode';
import { makeFilm } from '../server/test/helpers/files';

const SECONDS = 10;

async function main() {
  const settings = loadConfig().media;
  if (!(await ffmpegAvailable(settings.ffmpeg))) {
    console.log('transcode: ffmpeg not found, skipped');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-bench-transcode-'));
  try {
    const src = path.join(dir, 'clip.mp4');
    const film = { width: 1920, height: 1080, seconds: SECONDS, rate: 25, picture: 'testsrc2', bitrate: '8M', sound: 'aac' } as const;
    await makeFilm(src, film, settings.ffmpeg);
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    const started = process.hrtime.bigint();
    const result = await transcodeFilm(src, out, { settings, onProgress: () => {} });
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const bytes = (rel: string) => fs.readdirSync(path.join(out, rel)).reduce((n, f) => n + fs.statSync(path.join(out, rel, f)).size, 0);
    console.log(`preset ${settings.preset}, ${os.cpus().length} cores, renditions ${result.rungs.join(' ')}`);
    console.log(`film ${result.duration.toFixed(1)} s, wall ${wall.toFixed(1)} s`);
    console.log(`speed: ${(result.duration / wall).toFixed(2)} s of film per s of wall time`);
    console.log(
      `sizes: source ${(fs.statSync(src).size / 1e6).toFixed(1)} MB, ${result.rungs.map((r) => `${r} ${(bytes(r) / 1e6).toFixed(1)} MB`).join(', ')}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { artSvg } from './art';

const run = promisify(execFile);

/**
 * Distinct short clips (4 s, H.264/AAC, faststart) for the demo entries: each a scene of art.ts (its own
 * palette and picture) under a slow push-in, with its own tone. Entry i plays clip i mod 6, so no two
 * neighbouring entries share one. Six keeps the first start on a new machine short: each clip also goes
 * through the pipeline's transcode (demo-films.ts), about five seconds each.
 */
export const DEMO_CLIPS = [0, 1, 2, 3, 4, 5].map((i) => ({ name: `clip-${i + 1}.mp4`, seed: i * 7 + 2, tone: [392, 440, 494, 523, 587, 659][i] as number }));

// Clips are made once per machine and copied: every test app seeds the demo, and ffmpeg costs seconds.
const CACHE = path.join(os.tmpdir(), 'mfc-demo-clips-v2');
let warned = false;

async function makeClip(file: string, seed: number, tone: number): Promise<void> {
  const still = `${file}.${process.pid}.png`;
  const tmp = `${file}.${process.pid}.tmp.mp4`;
  try {
    await sharp(Buffer.from(artSvg(1280, 720, seed)))
      .png()
      .toFile(still);
    await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-loop', '1', '-framerate', '25', '-i', still],
        ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=4`],
        // A slow push-in towards the centre: the picture moves like footage, not a slide.
        ...['-vf', "zoompan=z='1+0.0015*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=640x360:fps=25,format=yuv420p", '-t', '4'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', tmp],
      ],
      { timeout: 60_000 },
    );
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(still, { force: true });
    fs.rmSync(tmp, { force: true });
  }
}

/** Writes the clips to `dir`; returns false (and says so once) when ffmpeg is missing or fails. */
export async function writeDemoClips(dir: string): Promise<boolean> {
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.mkdirSync(CACHE, { recursive: true });
    for (const clip of DEMO_CLIPS) {
      const target = path.join(dir, clip.name);
      if (fs.existsSync(target)) continue;
      const cached = path.join(CACHE, clip.name);
      if (!fs.existsSync(cached)) await makeClip(cached, clip.seed, clip.tone);
      fs.copyFileSync(cached, target);
    }
    return true;
  } catch (err) {
    if (!warned) console.warn(`[seed] demo entry videos skipped (ffmpeg unavailable: ${(err as Error).message.split('\n')[0]})`);
    warned = true;
    return false;
  }
}

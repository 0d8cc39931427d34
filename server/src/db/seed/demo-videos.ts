import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Distinct short clips (4 s, H.264/AAC, faststart) the demo entries share. */
export const DEMO_CLIPS = [
  { name: 'clip-1.mp4', hue: 0, tone: 440 },
  { name: 'clip-2.mp4', hue: 90, tone: 523 },
  { name: 'clip-3.mp4', hue: 180, tone: 659 },
  { name: 'clip-4.mp4', hue: 270, tone: 784 },
] as const;

// Clips are made once per machine and copied: every test app seeds the demo, and ffmpeg costs seconds.
const CACHE = path.join(os.tmpdir(), 'mfc-demo-clips-v1');
let warned = false;

async function makeClip(file: string, hue: number, tone: number): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp.mp4`;
  await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
      ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=4`],
      ...['-vf', `hue=h=${hue}`, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '25'],
      ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', tmp],
    ],
    { timeout: 60_000 },
  );
  fs.renameSync(tmp, file);
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
      if (!fs.existsSync(cached)) await makeClip(cached, clip.hue, clip.tone);
      fs.copyFileSync(cached, target);
    }
    return true;
  } catch (err) {
    if (!warned) console.warn(`[seed] demo entry videos skipped (ffmpeg unavailable: ${(err as Error).message.split('\n')[0]})`);
    warned = true;
    return false;
  }
}

/** The HLS rendition ladder: 16:9 boxes a film is fitted (and padded) into, with their bitrates. */
export type Rung = { name: string; width: number; height: number; videoKbps: number; audioKbps: number };

export const LADDER: readonly Rung[] = [
  { name: '360p', width: 640, height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', width: 1280, height: 720, videoKbps: 2500, audioKbps: 128 },
  { name: '1080p', width: 1920, height: 1080, videoKbps: 4500, audioKbps: 128 },
];

/** The rungs worth making for a source: never upscale past what the source fills; 360p always. */
export function rungsFor(width: number, height: number): Rung[] {
  return LADDER.filter((r, i) => i === 0 || width >= r.width * 0.9 || height >= r.height * 0.9);
}

/** The rung the MP4 fallback is remuxed from: 720p when made (phones), else the largest made. */
export function fallbackRung(rungs: Rung[]): Rung {
  return rungs.find((r) => r.name === '720p') ?? (rungs[rungs.length - 1] as Rung);
}

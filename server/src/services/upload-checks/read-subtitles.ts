import type { Storage } from '../../storage/index';
import { subtitlesToVtt } from './subtitles';

/** An uploaded subtitle original, read and converted to clean WebVTT (at upload to check it, when served to show it). */
export async function readSubtitles(storage: Storage, key: string): Promise<{ vtt: string; cues: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.openOriginal(key)) chunks.push(Buffer.from(chunk));
  return subtitlesToVtt(Buffer.concat(chunks));
}

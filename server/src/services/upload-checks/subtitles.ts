import { Code } from '../../../../common/errors';
import { SUBTITLES_MAX_BYTES } from '../../../../common/schemas/entry';
import { AppError } from '../../errors';

type Cue = { start: number; end: number; text: string };

// SRT: "00:01:02,345"; WebVTT: "01:02.345" or "00:01:02.345" (hours optional).
const SRT_TIME = /^(\d{1,2}):([0-5]\d):([0-5]\d),(\d{3})$/;
const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
// b, i and u are kept bare (no class or attribute); every other tag (voices, fonts, scripts) is dropped.
const KEPT_TAG = /^<(\/?)([biu])(?=[\s.>])[^>]*>$/i;

function seconds(m: RegExpMatchArray): number {
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

function timing(line: string, time: RegExp): { start: number; end: number } | null {
  const [from, to] = line.split('-->').map((s) => s.trim().split(/\s+/)[0] ?? '');
  const a = from?.match(time);
  const b = to?.match(time);
  if (!a || !b) return null;
  const start = seconds(a);
  const end = seconds(b);
  return end > start ? { start, end } : null;
}

/** Cue text reduced to plain text plus <b>, <i>, <u>: no markup a player could treat as anything more. */
export function cleanCueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, (tag) => {
      const kept = KEPT_TAG.exec(tag);
      return kept ? `<${kept[1]}${kept[2]?.toLowerCase()}>` : '';
    })
    .replace(/&(?!(?:amp|lt|gt|nbsp|lrm|rlm);)/g, '&amp;')
    .replace(/<(?!\/?[biu]>)/gi, '&lt;')
    .replace(/-->/g, '--&gt;')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n');
}

function stamp(t: number): string {
  const ms = Math.round(t * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function invalid(line: number): AppError {
  return new AppError(Code.SubtitlesInvalid, { values: { line } });
}

/** Blocks separated by blank lines, each with the number of its first line (1-based) for the error message. */
function blocks(text: string): { line: number; lines: string[] }[] {
  const out: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | null = null;
  for (const [i, raw] of text.split('\n').entries()) {
    const l = raw.trimEnd();
    if (l.trim() === '') current = null;
    else if (current) current.lines.push(l);
    else {
      current = { line: i + 1, lines: [l] };
      out.push(current);
    }
  }
  return out;
}

function parseCues(text: string, vtt: boolean): Cue[] {
  const cues: Cue[] = [];
  const all = blocks(text);
  for (const [i, b] of all.entries()) {
    if (vtt && i === 0) continue; // the "WEBVTT" header block
    // WebVTT comments, styles and regions are not cues; they are left out of the stored file.
    if (vtt && /^(NOTE|STYLE|REGION)(\s|$)/.test(b.lines[0] ?? '')) continue;
    // A cue's first line may be its number (SRT) or identifier (WebVTT); the timing line follows.
    const at = b.lines[0]?.includes('-->') ? 0 : 1;
    if (!vtt && at === 1 && !/^\d+$/.test(b.lines[0]?.trim() ?? '')) throw invalid(b.line);
    const t = timing(b.lines[at] ?? '', vtt ? VTT_TIME : SRT_TIME);
    if (!t) throw invalid(b.line + at);
    const cue = cleanCueText(b.lines.slice(at + 1).join('\n'));
    if (cue) cues.push({ ...t, text: cue });
  }
  if (cues.length === 0) throw invalid(1);
  return cues;
}

/**
 * Checks an uploaded subtitle file (SRT or WebVTT, UTF-8, a BOM allowed) and returns it as a clean WebVTT
 * file: cue timings and text only, tags other than b/i/u removed. Refuses binary or non-UTF-8 bytes (4011),
 * more than SUBTITLES_MAX_BYTES (4012) and anything that is not a well-formed cue list (4013, with the line).
 */
export function subtitlesToVtt(data: Buffer): { vtt: string; cues: number } {
  if (data.length > SUBTITLES_MAX_BYTES) throw new AppError(Code.SubtitlesTooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw new AppError(Code.SubtitlesNotText);
  }
  // Control characters other than tab and line breaks mean binary data, not subtitles.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is looked for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw new AppError(Code.SubtitlesNotText);
  text = text.replace(/\r\n?/g, '\n');
  const vtt = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text);
  const cues = parseCues(text, vtt);
  const body = cues.map((c) => `${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}`).join('\n\n');
  return { vtt: `WEBVTT\n\n${body}\n`, cues: cues.length };
}

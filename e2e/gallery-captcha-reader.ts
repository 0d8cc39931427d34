import svgCaptcha from 'svg-captcha';
import { CAPTCHA_CHARSET, CAPTCHA_OPTIONS } from '../server/src/services/gallery/captcha';

/**
 * Reads a captcha picture the way a person does, from the SVG the visitor is shown: svg-captcha draws each
 * character as its font glyph with sub-pixel jitter, so comparing each glyph's outline (relative to its
 * first point) with the outlines of every allowed character recovers the text. Test-only: it lets tests
 * answer real captchas without any backdoor in the product.
 */
type Outline = { types: string; nums: number[]; x: number };

function outline(d: string): Outline {
  const types = d.replace(/[^A-Za-z]/g, '');
  const all = (d.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/g) ?? []).map(Number);
  const x0 = all[0] ?? 0;
  const y0 = all[1] ?? 0;
  return { types, nums: all.map((n, i) => n - (i % 2 === 0 ? x0 : y0)), x: x0 };
}

function glyphPaths(svg: string): Outline[] {
  return [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)].map((m) => outline(m[1] as string));
}

let references: Map<string, Outline> | undefined;
function refs(): Map<string, Outline> {
  if (references) return references;
  references = new Map();
  for (const ch of CAPTCHA_CHARSET) {
    // The module itself renders a given text (its typings only declare the helpers).
    const svg = (svgCaptcha as unknown as (text: string, options: object) => string)(ch, { ...CAPTCHA_OPTIONS, noise: 0 });
    references.set(ch, glyphPaths(svg)[0] as Outline);
  }
  return references;
}

function distance(a: Outline, b: Outline): number {
  if (a.types !== b.types || a.nums.length !== b.nums.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let i = 0; i < a.nums.length; i++) worst = Math.max(worst, Math.abs((a.nums[i] as number) - (b.nums[i] as number)));
  return worst;
}

export function readCaptcha(svg: string): string {
  const glyphs = glyphPaths(svg).sort((a, b) => a.x - b.x);
  return glyphs
    .map((g) => {
      let best = '?';
      let bestD = Number.POSITIVE_INFINITY;
      for (const [ch, ref] of refs()) {
        const d = distance(g, ref);
        if (d < bestD) [best, bestD] = [ch, d];
      }
      return best;
    })
    .join('');
}

/** From an <img> src data URL (the page shows the SVG that way). */
export function readCaptchaDataUrl(src: string): string {
  const [, body = ''] = src.split(',', 2);
  return readCaptcha(src.includes(';base64,') ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body));
}

import * as OpenCC from 'opencc-js/cn2t';

/** Simplified (mainland) -> Traditional (Taiwan, with Taiwanese phrases), built once: the dictionary is large. */
let convert: ((text: string) => string) | undefined;
function converter(): (text: string) => string {
  convert ??= OpenCC.Converter({ from: 'cn', to: 'twp' });
  return convert;
}

export function toTraditional(text: string): string {
  return converter()(text);
}

type Texts = Record<string, unknown>;

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function convertValue(v: unknown): unknown {
  if (typeof v === 'string') return toTraditional(v);
  if (Array.isArray(v)) return v.map(convertValue);
  return v;
}

/**
 * Fills zh-TW from zh-CN field by field where the organiser left it empty, and lists those fields in
 * `_converted` so the console can say so. Fields still listed are generated again on every save, so they
 * follow later edits of zh-CN; typing into one removes it from the list (the console does that) and the
 * organiser's own text is kept from then on.
 */
export function fillTraditional(i18n: Record<string, Texts | undefined>, fields: readonly string[]): Record<string, Texts> {
  const cn = i18n['zh-CN'] ?? {};
  const tw = { ...(i18n['zh-TW'] ?? {}) };
  const previous = new Set(Array.isArray(tw._converted) ? (tw._converted as string[]) : []);
  const converted: string[] = [];
  for (const field of fields) {
    if (!previous.has(field) && !isEmpty(tw[field])) continue;
    if (isEmpty(cn[field])) {
      delete tw[field];
      continue;
    }
    tw[field] = convertValue(cn[field]);
    converted.push(field);
  }
  delete tw._converted;
  if (converted.length > 0) tw._converted = converted;
  return { ...i18n, 'zh-CN': cn, 'zh-TW': tw } as Record<string, Texts>;
}

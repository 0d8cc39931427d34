/**
 * The one rule for addresses organisers type into the console (links, images, videos, templates, the WeChat
 * QR): `https://host...`, `http://host...` or a path on this site (`/media/...`). Everything else is refused,
 * so no `javascript:`, `data:`, `vbscript:`, `file:` or other-host (`//host`) address reaches a page.
 * Control characters and backslashes are refused anywhere: browsers drop tabs and newlines inside a URL and
 * read `\` as `/`, which would turn `/\host` or `/<tab>/host` into another host.
 * No zod here: the public pages use it when rendering, and zod stays out of their first load.
 */
export function isSafeUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  return /^https?:\/\/[^/]/i.test(value) || /^\/(?!\/)/.test(value);
}

/** The address itself, or undefined when it breaks the rule (stored values are rendered defensively). */
export function safeUrl(value: string | null | undefined): string | undefined {
  return value && isSafeUrl(value) ? value : undefined;
}

const MAP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one HTML escaper of the codebase (page heads, mails, SVG posters, sitemaps): text for HTML text and
 * double-quoted attribute contexts.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => MAP[c] as string);
}

/** Plain text from stored rich text, for meta descriptions. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

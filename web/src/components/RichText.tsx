/**
 * Organiser-written rich text. It is sanitised on the server when saved (the console's job), so here it
 * is only rendered.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save by the server
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

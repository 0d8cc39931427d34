/** From this many pages on, the pager offers the page-size menu and the "Go to" box (antd's own texts). */
export const FULL_PAGER_MIN_PAGES = 6;

/**
 * Which controls a public list's pager shows. A short list (the demo's 14 news items) gets page links and the
 * total only: a page-size menu and a jump box for two pages read like a console table. A long archive gets both.
 */
export function pagerControls(total: number, pageSize: number): { sizeChanger: boolean; quickJumper: boolean } {
  const full = Math.ceil(total / Math.max(1, pageSize)) >= FULL_PAGER_MIN_PAGES;
  return { sizeChanger: full, quickJumper: full };
}

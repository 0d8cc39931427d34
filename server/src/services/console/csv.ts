/**
 * CSV that Excel opens correctly with Chinese text: UTF-8 with a byte-order mark, CRLF line ends, every
 * field quoted. Cells that start like a formula are prefixed with ' so a spreadsheet does not run them.
 */
export const BOM = '\uFEFF';

function cell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((r) => r.map(cell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

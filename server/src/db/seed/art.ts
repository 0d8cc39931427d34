import { escapeHtml } from '../../../../common/html-escape';

/**
 * The demo contest's pictures, drawn as SVG from a seed: a palette and one of five scenes (a city at night,
 * a phone in the dark, hills under a low sun, rings of sound, light through blinds), placed by a small random
 * generator so no two are alike. With `text` the picture becomes a poster: a label (the group) above the
 * title. No play icon and no film strip: the player draws its own controls. Text needs a CJK font on the
 * server for Chinese titles (Debian: fonts-noto-cjk), as the share poster does.
 */
const PALETTES: [string, string, string][] = [
  ['#0b1f4d', '#1d5fd1', '#ffb020'],
  ['#3a0d2e', '#c2185b', '#ffd54f'],
  ['#06302b', '#0f9d8a', '#f6f1d1'],
  ['#1a1033', '#6a3de8', '#4dd0e1'],
  ['#2b1600', '#e65100', '#fff3e0'],
  ['#102a43', '#2680c2', '#f0b429'],
  ['#1b262c', '#0f4c75', '#bbe1fa'],
  ['#3d0000', '#d32f2f', '#ffcdd2'],
];
const FONT = "'Noto Sans CJK SC','Noto Sans CJK TC','PingFang SC','Microsoft YaHei',sans-serif";

export function palette(i: number): [string, string, string] {
  return PALETTES[i % PALETTES.length] as [string, string, string];
}

/** A repeatable sequence of numbers in [0, 1) for one seed. */
function random(seed: number): () => number {
  let x = (seed * 2654435761 + 97) >>> 0;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

type Scene = (w: number, h: number, colours: [string, string, string], rnd: () => number) => string;

const city: Scene = (w, h, [, , c], rnd) => {
  let x = 0;
  let out = `<circle cx="${w * (0.15 + rnd() * 0.7)}" cy="${h * 0.22}" r="${h * 0.07}" fill="${c}" opacity="0.85"/>`;
  while (x < w) {
    const bw = w * (0.06 + rnd() * 0.08);
    const bh = h * (0.25 + rnd() * 0.4);
    out += `<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="#000" opacity="0.55"/>`;
    for (let wy = h - bh + 10; wy < h - 12; wy += 16)
      for (let wx = x + 6; wx < x + bw - 8; wx += 12) if (rnd() < 0.3) out += `<rect x="${wx}" y="${wy}" width="5" height="7" fill="${c}" opacity="0.8"/>`;
    x += bw + 2;
  }
  return out;
};

const phone: Scene = (w, h, [, , c], rnd) => {
  const pw = Math.min(w, h) * 0.34;
  const ph = pw * 1.9;
  const px = w * (0.3 + rnd() * 0.4) - pw / 2;
  const py = h * 0.5 - ph / 2;
  const bubbles = Array.from({ length: 3 }, (_, i) => {
    const bx = px + pw * (i % 2 ? 0.55 : -0.45);
    const by = py + ph * (0.18 + i * 0.22);
    return `<rect x="${bx}" y="${by}" width="${pw * 0.9}" height="${ph * 0.12}" rx="${ph * 0.05}" fill="${c}" opacity="${0.35 + i * 0.2}"/>`;
  }).join('');
  return `<circle cx="${px + pw / 2}" cy="${h * 0.5}" r="${ph * 0.7}" fill="${c}" opacity="0.12"/>
  <rect x="${px}" y="${py}" width="${pw}" height="${ph}" rx="${pw * 0.14}" fill="#000" opacity="0.7"/>
  <rect x="${px + pw * 0.07}" y="${py + pw * 0.12}" width="${pw * 0.86}" height="${ph - pw * 0.24}" rx="${pw * 0.06}" fill="${c}" opacity="0.25"/>${bubbles}`;
};

const hills: Scene = (w, h, [a, , c], rnd) => {
  const sun = `<circle cx="${w * (0.2 + rnd() * 0.6)}" cy="${h * 0.55}" r="${h * 0.2}" fill="${c}" opacity="0.9"/>`;
  const ridge = (y: number, o: number) => {
    const pts = Array.from({ length: 7 }, (_, i) => `${(w * i) / 6},${h * (y + rnd() * 0.12)}`).join(' ');
    return `<polygon points="0,${h} ${pts} ${w},${h}" fill="${a}" opacity="${o}"/>`;
  };
  return sun + ridge(0.55, 0.6) + ridge(0.7, 0.85) + ridge(0.82, 1);
};

const rings: Scene = (w, h, [, , c], rnd) => {
  const cx = w * (0.25 + rnd() * 0.5);
  const cy = h * (0.35 + rnd() * 0.3);
  return Array.from(
    { length: 7 },
    (_, i) =>
      `<circle cx="${cx}" cy="${cy}" r="${Math.min(w, h) * (0.06 + i * 0.09)}" fill="none" stroke="${c}" stroke-width="${6 - i * 0.6}" opacity="${0.9 - i * 0.11}"/>`,
  ).join('');
};

const blinds: Scene = (w, h, [, , c], rnd) => {
  const tilt = 20 + rnd() * 30;
  const beams = Array.from(
    { length: 6 },
    (_, i) => `<rect x="${-w}" y="${h * (i / 6) + rnd() * 8}" width="${w * 3}" height="${h * 0.06}" fill="${c}" opacity="${0.12 + rnd() * 0.2}"/>`,
  ).join('');
  const figure = `<circle cx="${w * 0.7}" cy="${h * 0.42}" r="${h * 0.09}" fill="#000" opacity="0.6"/><path d="M ${w * 0.58} ${h} C ${w * 0.6} ${h * 0.62} ${w * 0.8} ${h * 0.62} ${w * 0.82} ${h} Z" fill="#000" opacity="0.6"/>`;
  return `<g transform="rotate(${-tilt} ${w / 2} ${h / 2})">${beams}</g>${figure}`;
};

const SCENES: Scene[] = [city, phone, hills, rings, blinds];

/** Splits a title into at most `lines` lines of about `max` em: Latin breaks between words, CJK anywhere. */
export function wrapWords(text: string, max: number, lines: number): string[] {
  const width = (s: string) => [...s].reduce((n, ch) => n + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.56), 0);
  const tokens = text.match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) ?? [];
  const out: string[] = [''];
  for (const token of tokens) {
    const last = out.length - 1;
    if (width(`${out[last]}${token}`.trimEnd()) > max && out[last]) out.push(token.trimStart());
    else out[last] = `${out[last]}${token}`;
  }
  const kept = out.map((l) => l.trim()).filter(Boolean);
  if (kept.length <= lines) return kept;
  return [...kept.slice(0, lines - 1), `${kept[lines - 1]}…`];
}

export type ArtText = { title: string; label?: string };

/** The SVG of one picture; `seed` picks palette, scene and placement, `text` makes it a poster. */
export function artSvg(w: number, h: number, seed: number, text?: ArtText): string {
  const colours = palette(seed);
  const [a, b, c] = colours;
  const rnd = random(seed);
  const scene = (SCENES[seed % SCENES.length] as Scene)(w, h, colours, rnd);
  const glowX = Math.round(20 + rnd() * 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
  <radialGradient id="l" cx="${glowX}%" cy="30%" r="70%"><stop offset="0" stop-color="${c}" stop-opacity="0.35"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#l)"/>${scene}
  ${text ? posterText(w, h, c, text) : ''}</svg>`;
}

function posterText(w: number, h: number, accent: string, { title, label }: ArtText): string {
  const wide = w > h;
  const size = Math.round(Math.min(w, h) * (wide ? 0.1 : 0.12));
  const pad = Math.round(size * 0.7);
  const lines = wrapWords(title, Math.max(4, Math.floor((w - pad * 2) / size)), 2);
  // A still is a video's poster: the player's controls cover its foot, so its title sits at the top.
  const top = wide ? pad + size * (label ? 2.1 : 1.6) : h - pad - (lines.length - 1) * size * 1.2;
  const shade = wide
    ? '<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>'
    : '<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></linearGradient>';
  const tag = label
    ? `<text x="${pad}" y="${pad + size * 0.4}" font-family="${FONT}" font-size="${Math.round(size * 0.36)}" font-weight="700" letter-spacing="2" fill="${accent}">${escapeHtml(label.toUpperCase())}</text>`
    : '';
  const rows = lines
    .map(
      (line, i) =>
        `<text x="${pad}" y="${top + i * size * 1.2}" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff">${escapeHtml(line)}</text>`,
    )
    .join('');
  const rule = wide ? '' : `<rect x="${pad}" y="${top - size * 1.35}" width="${size * 1.2}" height="${Math.max(3, size * 0.08)}" fill="${accent}"/>`;
  return `<defs>${shade}</defs><rect width="${w}" height="${h}" fill="url(#s)"/>${tag}${rows}${rule}`;
}

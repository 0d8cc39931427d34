import { palette } from './art';

/**
 * A demo juror's portrait: a drawn head-and-shoulders person (face, hair, eyes, smile, clothes), varied per seed
 * so a row of jurors reads as different people. Drawn here rather than fetched, like every demo picture; the
 * organiser replaces them with real photos.
 */
const SKIN = ['#f3c9a5', '#e0ac69', '#ffdbb8', '#c68642', '#a8693f', '#f1c27d', '#8d5524'];
const HAIR = ['#2c1b10', '#111111', '#5a3825', '#3b2a20', '#9e9e9e', '#1c1c1c', '#7b4a2d'];
const CLOTHES = ['#263238', '#37474f', '#4e342e', '#1a237e', '#004d40', '#5d4037', '#212121'];

type Hair = { back: string; front: string };

/** Hair drawn behind the head (long styles) and over it (fringe, parting, bun). */
const HAIRSTYLES: ((c: string) => Hair)[] = [
  // short, side-parted
  (c) => ({ back: '', front: `<path d="M32 42 C30 22 44 16 54 18 C66 19 71 28 68 42 C64 32 58 28 48 29 C42 30 36 34 32 42 Z" fill="${c}"/>` }),
  // long, straight to the shoulders
  (c) => ({
    back: `<path d="M30 44 C28 22 40 15 50 15 C62 15 73 22 70 44 L73 74 C66 78 34 78 27 74 Z" fill="${c}"/>`,
    front: `<path d="M33 40 C34 24 44 19 50 19 C58 19 67 24 67 40 C62 30 54 27 50 27 C44 27 38 31 33 40 Z" fill="${c}"/>`,
  }),
  // bun on top
  (c) => ({
    back: `<circle cx="50" cy="17" r="8" fill="${c}"/>`,
    front: `<path d="M33 40 C32 25 42 21 50 21 C59 21 68 25 67 40 C63 31 57 28 50 28 C43 28 37 31 33 40 Z" fill="${c}"/>`,
  }),
  // close crop with a receding line
  (c) => ({ back: '', front: `<path d="M34 36 C35 24 44 20 50 20 C57 20 65 24 66 36 C60 30 55 28 50 28 C45 28 40 30 34 36 Z" fill="${c}"/>` }),
  // bob with a fringe
  (c) => ({
    back: `<path d="M29 46 C27 24 39 16 50 16 C61 16 73 24 71 46 L70 58 L30 58 Z" fill="${c}"/>`,
    front: `<path d="M33 36 C34 24 43 19 50 19 C58 19 66 24 67 36 L33 36 Z" fill="${c}"/>`,
  }),
];

export function portraitSvg(size: number, seed: number): string {
  const [a, b] = palette(seed + 3);
  const pick = <T>(list: T[], n: number): T => list[n % list.length] as T;
  const skin = pick(SKIN, seed);
  const hair = pick(HAIRSTYLES, seed)(pick(HAIR, seed * 3 + 1));
  const clothes = pick(CLOTHES, seed * 5 + 2);
  const glasses = seed % 3 === 1;
  const shirt = seed % 2 === 0 ? '#ffffff' : '#e8eaf6';
  const eyes = `<ellipse cx="43" cy="45" rx="1.8" ry="2.2" fill="#2b2b2b"/><ellipse cx="57" cy="45" rx="1.8" ry="2.2" fill="#2b2b2b"/>`;
  const brows = `<path d="M39 40 Q43 38 46 40 M54 40 Q57 38 61 40" stroke="#3a2a20" stroke-width="1.3" fill="none" stroke-linecap="round"/>`;
  const frames = glasses
    ? `<g fill="none" stroke="#222" stroke-width="1.1"><circle cx="43" cy="45" r="5"/><circle cx="57" cy="45" r="5"/><path d="M48 45 L52 45"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
  <rect width="100" height="100" fill="url(#bg)"/>
  <circle cx="82" cy="18" r="22" fill="#fff" opacity="0.08"/>
  ${hair.back}
  <path d="M14 100 C16 80 30 72 42 70 L58 70 C70 72 84 80 86 100 Z" fill="${clothes}"/>
  <path d="M42 70 L50 84 L58 70 Z" fill="${shirt}"/>
  <rect x="44" y="58" width="12" height="13" rx="4" fill="${skin}"/>
  <path d="M44 66 Q50 70 56 66 L56 62 L44 62 Z" fill="#000" opacity="0.12"/>
  <ellipse cx="33" cy="46" rx="3" ry="4.5" fill="${skin}"/><ellipse cx="67" cy="46" rx="3" ry="4.5" fill="${skin}"/>
  <ellipse cx="50" cy="44" rx="17" ry="20" fill="${skin}"/>
  ${hair.front}
  ${brows}${eyes}${frames}
  <path d="M50 46 Q48.5 52 50.5 53" stroke="#000" stroke-opacity="0.25" stroke-width="1" fill="none" stroke-linecap="round"/>
  <path d="M44 56 Q50 61 56 56" stroke="#8a3b2f" stroke-width="1.5" fill="none" stroke-linecap="round"/>
  <circle cx="40" cy="52" r="3" fill="#e57373" opacity="0.18"/><circle cx="60" cy="52" r="3" fill="#e57373" opacity="0.18"/></svg>`;
}

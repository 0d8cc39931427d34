import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { portraitSvg } from '../src/db/seed/portrait';

/** The colour at (x, y) of a 100x100 rendering, on the portrait's own 0-100 grid. */
async function pixel(svg: string, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * 100 + x) * 3;
  return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
}

const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

describe('demo jury portraits', () => {
  const seeds = [0, 1, 2, 3, 4, 5, 6];

  it('draw a face: warm skin under dark eyes, and a mouth below', async () => {
    for (const seed of seeds) {
      const svg = portraitSvg(100, seed);
      const cheek = await pixel(svg, 50, 49);
      const eye = await pixel(svg, 43, 45);
      // Skin: red above green above blue, like every human skin tone; a flat silhouette has no eyes to find.
      expect(cheek[0], `seed ${seed} cheek`).toBeGreaterThan(cheek[1]);
      expect(cheek[1], `seed ${seed} cheek`).toBeGreaterThan(cheek[2]);
      expect(luminance(eye), `seed ${seed} eye`).toBeLessThan(luminance(cheek) * 0.6);
    }
  });

  it('differ from juror to juror in a row of seven', async () => {
    const drawn = await Promise.all(
      seeds.map((seed) =>
        sharp(Buffer.from(portraitSvg(64, seed)))
          .raw()
          .toBuffer(),
      ),
    );
    const distinct = new Set(drawn.map((b) => b.toString('base64')));
    expect(distinct.size).toBe(seeds.length);
    const skins = new Set(await Promise.all(seeds.map(async (seed) => (await pixel(portraitSvg(100, seed), 50, 49)).join(','))));
    expect(skins.size).toBeGreaterThanOrEqual(5);
  });
});

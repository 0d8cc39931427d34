import { describe, expect, it } from 'vitest';
import { resizedImageUrl } from './media';

describe('resizedImageUrl', () => {
  it('maps a public image to the resizer at the asked width and format', () => {
    expect(resizedImageUrl('/media/entries/ab12/cover.png', 320, 'webp')).toBe('/media/img/320/entries/ab12/cover.png.webp');
    expect(resizedImageUrl('/media/demo/jury-1.jpg?v=2', 160, 'avif')).toBe('/media/img/160/demo/jury-1.jpg.avif');
    // A film's poster: /media/r/ is the renditions folder.
    expect(resizedImageUrl('/media/r/0a1b/poster.jpg', 640, 'webp')).toBe('/media/img/640/renditions/0a1b/poster.jpg.webp');
  });

  it.each([
    'https://cdn.example.com/media/a.png',
    '/media/img/320/a.png.webp',
    '/media/../contest.sqlite.png',
    '/media/a/../../b.png',
    '/media/film.mp4',
    '/dist/assets/logo.png',
  ])('leaves %s alone', (src) => {
    expect(resizedImageUrl(src, 320, 'webp')).toBeNull();
  });
});

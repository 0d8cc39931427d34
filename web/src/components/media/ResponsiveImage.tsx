import type { ImgHTMLAttributes } from 'react';
import { type ImageWidth, imageSrcSet, resizedImageUrl, widthsUpTo } from '../../../../common/media';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt'> & {
  /** A public image URL (/media/...); anything else is shown as it is. */
  src: string;
  alt: string;
  /** The CSS width the layout gives the image, e.g. "(max-width: 600px) 50vw, 240px". */
  sizes: string;
  /** The widths to offer (defaults to all the server makes, up to `maxWidth`). */
  widths?: readonly ImageWidth[];
  /** The largest width worth offering (e.g. the original's width). */
  maxWidth?: number;
};

/**
 * A public image as AVIF / WebP at the widths the layout needs (the server resizes once and caches), so a
 * phone showing a cover at 160 px downloads a 160-320 px file, not the original. Give width and height
 * (the intrinsic ratio) so the layout does not shift while it loads.
 */
export function ResponsiveImage({ src, alt, sizes, widths, maxWidth, loading = 'lazy', decoding = 'async', ...img }: Props) {
  const chosen = widthsUpTo(maxWidth, widths);
  const avif = imageSrcSet(src, chosen, 'avif');
  const webp = imageSrcSet(src, chosen, 'webp');
  if (!avif || !webp) {
    return <img src={src} alt={alt} loading={loading} decoding={decoding} {...img} />;
  }
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <img
        src={resizedImageUrl(src, chosen[Math.min(2, chosen.length - 1)] as ImageWidth, 'webp') as string}
        srcSet={webp}
        sizes={sizes}
        alt={alt}
        loading={loading}
        decoding={decoding}
        {...img}
      />
    </picture>
  );
}

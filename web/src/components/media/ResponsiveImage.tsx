import type { ImgHTMLAttributes } from 'react';
import { IMAGE_WIDTHS, type ImageFormat, type ImageWidth, resizedImageUrl } from '../../../../common/media';

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

function srcSet(src: string, widths: readonly ImageWidth[], format: ImageFormat): string {
  return widths.map((w) => `${resizedImageUrl(src, w, format)} ${w}w`).join(', ');
}

/**
 * A public image as AVIF / WebP at the widths the layout needs (the server resizes once and caches), so a
 * phone showing a cover at 160 px downloads a 160-320 px file, not the original. Give width and height
 * (the intrinsic ratio) so the layout does not shift while it loads.
 */
export function ResponsiveImage({ src, alt, sizes, widths, maxWidth, loading = 'lazy', decoding = 'async', ...img }: Props) {
  const chosen = (widths ?? IMAGE_WIDTHS).filter((w) => maxWidth === undefined || w <= Math.max(maxWidth, IMAGE_WIDTHS[0]));
  const smallest = chosen[0];
  if (!smallest || !resizedImageUrl(src, smallest, 'webp')) {
    return <img src={src} alt={alt} loading={loading} decoding={decoding} {...img} />;
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(src, chosen, 'avif')} sizes={sizes} />
      <img
        src={resizedImageUrl(src, chosen[Math.min(2, chosen.length - 1)] as ImageWidth, 'webp') as string}
        srcSet={srcSet(src, chosen, 'webp')}
        sizes={sizes}
        alt={alt}
        loading={loading}
        decoding={decoding}
        {...img}
      />
    </picture>
  );
}

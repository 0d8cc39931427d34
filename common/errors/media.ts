import type { CatalogueEntry } from './types';

/** Catalogue codes of the media area (ranges 7000-7099). Texts in zh-CN, zh-TW and en-US. */
export const MEDIA_ERRORS = {
  7001: { status: 404, 'zh-CN': '作品视频不存在', 'zh-TW': '作品影片不存在', 'en-US': 'No film for this entry' },
  7002: { status: 404, 'zh-CN': '图片不存在', 'zh-TW': '圖片不存在', 'en-US': 'Image not found' },
  7003: { status: 400, 'zh-CN': '不支持的图片尺寸', 'zh-TW': '不支援的圖片尺寸', 'en-US': 'Unsupported image size' },
  7004: { status: 500, 'zh-CN': '图片处理失败', 'zh-TW': '圖片處理失敗', 'en-US': 'The image could not be processed' },
} as const satisfies Record<number, CatalogueEntry>;

import type { ThemeConfig } from 'antd';
import type { Locale } from '../../common/locales';

/**
 * Font stacks per locale: the same text in Simplified and Traditional Chinese has different glyph shapes, so
 * each script names its own fonts first; English names Latin fonts first so quotes and apostrophes are not drawn
 * by a CJK font at full width. global.css gives the page body the same stacks by its lang.
 */
const LATIN = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans"';
export const FONT_STACKS: Record<Locale, string> = {
  'zh-CN': `-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", Roboto, "Helvetica Neue", Arial, sans-serif`,
  'zh-TW': `-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC", "Source Han Sans TC", Roboto, "Helvetica Neue", Arial, sans-serif`,
  'en-US': `${LATIN}, sans-serif, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC"`,
};

/** The public site's colours (global.css's --amber, --navy, --navy-2). */
const GOLD = '#ffb020';
const NAVY = '#0b1f4d';
const NAVY_2 = '#12306e';

/**
 * The console's theme (a primary colour, radius and font stack used everywhere).
 * antd's default secondary greys (45% black, 3.4:1), its red (#ff4d4f, 3.3:1) and its tag colours fall below
 * WCAG's 4.5:1 for text; these tokens keep every text, hint, error and tag at 4.5:1 or more on white.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    colorTextDescription: '#5b6474',
    colorTextTertiary: '#5b6474',
    colorTextSecondary: '#475467',
    colorError: '#c81e1e',
    colorSuccess: '#18794e',
    colorWarning: '#a15c07',
    // antd derives tints from the seed colours; from these darker seeds they come out grey, so they are given.
    colorSuccessBg: '#e7f6ee',
    colorSuccessBorder: '#9fd8b9',
    colorWarningBg: '#fdf4e3',
    colorWarningBorder: '#f0c987',
    colorErrorBg: '#fdecec',
    colorErrorBorder: '#f3b1b1',
    borderRadius: 10,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "PingFang TC", "Hiragino Sans GB", "Microsoft YaHei", "Microsoft JhengHei", "Noto Sans CJK SC", "Noto Sans CJK TC", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};

/**
 * The public site's antd controls look like its own buttons (.btn-primary): gold with navy text, 16 px
 * semibold, a pill 50 px high, in the locale's fonts. Gold is too light for text or for a small mark on white
 * (1.9:1), so where antd would draw the primary colour as text or as a check (pager, checkbox, radio, a field's
 * hover and focus border) these use navy instead.
 */
export function publicTheme(locale: Locale): ThemeConfig {
  const navyAccent = { colorPrimary: NAVY, colorPrimaryHover: NAVY_2, colorPrimaryActive: NAVY };
  const fieldBorders = { hoverBorderColor: NAVY_2, activeBorderColor: NAVY };
  return {
    token: {
      ...theme.token,
      colorPrimary: GOLD,
      fontSize: 16,
      controlHeight: 44,
      controlHeightLG: 50,
      fontFamily: FONT_STACKS[locale],
    },
    components: {
      Button: {
        primaryColor: NAVY,
        primaryShadow: 'none',
        fontWeight: 600,
        contentFontSize: 16,
        contentFontSizeLG: 16,
        borderRadius: 999,
        borderRadiusLG: 999,
        defaultHoverColor: NAVY,
        defaultHoverBorderColor: NAVY_2,
        defaultActiveColor: NAVY,
        defaultActiveBorderColor: NAVY,
      },
      Checkbox: navyAccent,
      Radio: navyAccent,
      Pagination: navyAccent,
      Input: fieldBorders,
      InputNumber: fieldBorders,
      Select: fieldBorders,
    },
  };
}

import type { ThemeConfig } from 'antd';

/**
 * One theme for every antd component (a primary colour, radius and font stack used everywhere); the CSS variables in global.css use the same values.
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

import type { ThemeConfig } from 'antd';

/** One theme for every antd component (DESIGN §5); the CSS variables in global.css use the same values. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    borderRadius: 10,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "PingFang TC", "Hiragino Sans GB", "Microsoft YaHei", "Microsoft JhengHei", "Noto Sans CJK SC", "Noto Sans CJK TC", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};

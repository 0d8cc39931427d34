import type { CatalogueEntry } from './types';

/** Catalogue codes of the accounts area (ranges 1100-1199). Texts in zh-CN, zh-TW and en-US. */
export const ACCOUNTS_ERRORS = {
  1101: {
    status: 429,
    'zh-CN': '该账号密码错误次数过多，请稍后再试或重置密码',
    'zh-TW': '該帳號密碼錯誤次數過多，請稍後再試或重設密碼',
    'en-US': 'Too many wrong passwords for this account; try again later or reset the password',
  },
  1102: {
    status: 429,
    'zh-CN': '来自当前网络的请求过多，请稍后再试',
    'zh-TW': '來自目前網路的請求過多，請稍後再試',
    'en-US': 'Too many requests from your network, please try again later',
  },
  1103: {
    status: 429,
    'zh-CN': '该邮箱的注册请求过多，请稍后再试',
    'zh-TW': '該電子郵件的註冊請求過多，請稍後再試',
    'en-US': 'Too many registration attempts for this email, please try again later',
  },
  1104: {
    status: 429,
    'zh-CN': '验证邮件发送过于频繁，请稍后再试',
    'zh-TW': '驗證郵件傳送過於頻繁，請稍後再試',
    'en-US': 'Verification emails were sent too often, please try again later',
  },
  1105: {
    status: 429,
    'zh-CN': '重置邮件发送过于频繁，请稍后再试',
    'zh-TW': '重設郵件傳送過於頻繁，請稍後再試',
    'en-US': 'Reset emails were sent too often, please try again later',
  },
  1106: { status: 400, 'zh-CN': '当前密码不正确', 'zh-TW': '目前密碼不正確', 'en-US': 'The current password is wrong' },
  1107: { status: 409, 'zh-CN': '该账号已激活，请直接登录', 'zh-TW': '該帳號已啟用，請直接登入', 'en-US': 'This account is already activated, please log in' },
} as const satisfies Record<number, CatalogueEntry>;

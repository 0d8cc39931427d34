import { ACCOUNTS_ERRORS } from './errors/accounts';
import { CONSOLE_ERRORS } from './errors/console';
import { GALLERY_ERRORS } from './errors/gallery';
import { MEDIA_ERRORS } from './errors/media';
import { SUBMISSION_ERRORS } from './errors/submission';
import type { CatalogueEntry } from './errors/types';

export { Code, type CodeName, codeMessage } from './errors/codes';

import type { Locale } from './locales';

/**
 * The error catalogue: SPEC §8's numeric codes plus the codes this product adds (new situations get new
 * codes in new ranges, never a bare string). Each code has an HTTP status and a text in every locale.
 * Ranges: 1xxx accounts & general, 2xxx spec messages, 3xxx captcha, 4xxx contest rules,
 * 5xxx uploads, 6xxx console, 7xxx media, 9xxx transport-level (not found, rate limit, internal).
 */
const CORE_ERRORS = {
  1000: { status: 400, 'zh-CN': '参数错误', 'zh-TW': '參數錯誤', 'en-US': 'Parameter error' },
  1001: { status: 400, 'zh-CN': '两次输入的密码不一致', 'zh-TW': '兩次輸入的密碼不一致', 'en-US': 'Inconsistent passwords' },
  1002: {
    status: 400,
    'zh-CN': '密码须为 8 到 15 位，包含大小写英文字母、数字和特殊符号',
    'zh-TW': '密碼須為 8 到 15 位，包含大小寫英文字母、數字和特殊符號',
    'en-US': 'Password must be 8 to 15 characters, mixed',
  },
  1003: { status: 409, 'zh-CN': '该邮箱已注册', 'zh-TW': '該電子郵件已註冊', 'en-US': 'Email has been registered' },
  1004: { status: 400, 'zh-CN': '重置链接无效', 'zh-TW': '重設連結無效', 'en-US': 'Invalid reset link' },
  1005: { status: 404, 'zh-CN': '账号不存在', 'zh-TW': '帳號不存在', 'en-US': 'The account does not exist' },
  1006: {
    status: 403,
    'zh-CN': '账号未激活，请前往邮箱验证',
    'zh-TW': '帳號未啟用，請前往電子郵件驗證',
    'en-US': 'Account not activated, go to the email to verify',
  },
  1007: { status: 401, 'zh-CN': '账号或密码错误', 'zh-TW': '帳號或密碼錯誤', 'en-US': 'Wrong account or password' },
  1008: {
    status: 401,
    'zh-CN': '登录已过期，请重新登录！',
    'zh-TW': '登入已過期，請重新登入！',
    'en-US': 'Login session has expired, please log in again!',
  },
  1009: { status: 401, 'zh-CN': '请先登录', 'zh-TW': '請先登入', 'en-US': 'Please log in first' },
  1010: { status: 403, 'zh-CN': '没有权限执行此操作', 'zh-TW': '沒有權限執行此操作', 'en-US': 'You do not have permission to do this' },
  1011: { status: 403, 'zh-CN': '该账号已被停用', 'zh-TW': '該帳號已被停用', 'en-US': 'This account has been disabled' },
  // 2001 and 2002 are kept because SPEC §8 lists them, but no answer uses them, on purpose. 2001: nothing is
  // looked up by a "code"; a missing entry is 2100 (gallery), 4005 (my entries) or 9404 (console), and a
  // search by entry number answers an empty list. 2002: a submitted entry shows 200211 (SPEC §4), a saved
  // edit says "Changes saved", and the contact form's confirmation already opens with this text.
  2001: { status: 404, 'zh-CN': '编码不存在', 'zh-TW': '編碼不存在', 'en-US': 'Code does not exist' },
  2002: { status: 200, 'zh-CN': '提交成功', 'zh-TW': '提交成功', 'en-US': 'Submit success' },
  200211: {
    status: 200,
    'zh-CN': '提交成功，即将自动跳转至首页',
    'zh-TW': '提交成功，即將自動跳轉至首頁',
    'en-US': 'Successfully submitted, will automatically jump to the homepage',
  },
  2003: { status: 500, 'zh-CN': '提交失败', 'zh-TW': '提交失敗', 'en-US': 'Submit failed' },
  2004: { status: 400, 'zh-CN': '邮箱格式不正确', 'zh-TW': '電子郵件格式不正確', 'en-US': 'Email format is incorrect' },
  2005: { status: 400, 'zh-CN': '请输入邮箱', 'zh-TW': '請輸入電子郵件', 'en-US': 'Please enter your email' },
  2006: { status: 400, 'zh-CN': '请输入密码', 'zh-TW': '請輸入密碼', 'en-US': 'Please input a password' },
  2007: { status: 400, 'zh-CN': '密码格式不正确', 'zh-TW': '密碼格式不正確', 'en-US': 'Incorrect password format' },
  2008: { status: 500, 'zh-CN': '登录失败，请重试', 'zh-TW': '登入失敗，請重試', 'en-US': 'Login failed, please try again' },
  2009: { status: 200, 'zh-CN': '登录成功', 'zh-TW': '登入成功', 'en-US': 'Login succeeded' },
  2010: { status: 500, 'zh-CN': '注册失败，请重试', 'zh-TW': '註冊失敗，請重試', 'en-US': 'Registration failed, please try again' },
  2011: { status: 201, 'zh-CN': '注册成功', 'zh-TW': '註冊成功', 'en-US': 'Registration succeeded' },
  2012: { status: 502, 'zh-CN': '发送失败，请重试', 'zh-TW': '傳送失敗，請重試', 'en-US': 'Sending failed, please try again' },
  2013: { status: 400, 'zh-CN': '请输入验证码', 'zh-TW': '請輸入驗證碼', 'en-US': 'Please enter captcha' },
  2014: { status: 200, 'zh-CN': '投票成功', 'zh-TW': '投票成功', 'en-US': 'Vote Successfully' },
  2015: { status: 409, 'zh-CN': '您已经投过票了', 'zh-TW': '您已經投過票了', 'en-US': 'You have voted' },
  2016: { status: 403, 'zh-CN': '禁止使用 VPN 网络投票', 'zh-TW': '禁止使用 VPN 網路投票', 'en-US': 'Prohibit using VPN network voting' },
  3001: { status: 400, 'zh-CN': '验证码不正确', 'zh-TW': '驗證碼不正確', 'en-US': 'Incorrect verification code' },
  9404: { status: 404, 'zh-CN': '页面或记录不存在', 'zh-TW': '頁面或記錄不存在', 'en-US': 'Page or record does not exist' },
  9405: { status: 405, 'zh-CN': '请求方法不被允许', 'zh-TW': '請求方法不被允許', 'en-US': 'Request method not allowed' },
  9413: { status: 413, 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大', 'en-US': 'Request body is too large' },
  9415: { status: 415, 'zh-CN': '不支持的内容类型', 'zh-TW': '不支援的內容類型', 'en-US': 'Unsupported content type' },
  9429: {
    status: 429,
    'zh-CN': '操作过于频繁，请稍后再试',
    'zh-TW': '操作過於頻繁，請稍後再試',
    'en-US': 'Too many requests, please try again later',
  },
  9500: { status: 500, 'zh-CN': '服务器出错了', 'zh-TW': '伺服器出錯了', 'en-US': 'Something went wrong' },
  9503: { status: 503, 'zh-CN': '服务暂时不可用', 'zh-TW': '服務暫時無法使用', 'en-US': 'Service temporarily unavailable' },
  9507: {
    status: 507,
    'zh-CN': '服务器存储空间不足，请稍后再试',
    'zh-TW': '伺服器儲存空間不足，請稍後再試',
    'en-US': 'The server is out of storage space, please try again later',
  },
} as const satisfies Record<number, CatalogueEntry>;

/** Feature areas keep their codes in common/errors/<area>.ts; a code must appear in exactly one place. */
export const ERRORS = { ...CORE_ERRORS, ...ACCOUNTS_ERRORS, ...SUBMISSION_ERRORS, ...GALLERY_ERRORS, ...CONSOLE_ERRORS, ...MEDIA_ERRORS } as const;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && Object.hasOwn(ERRORS, code);
}

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERRORS[code][locale];
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** Standard HTTP status descriptions (SPEC §8), per locale. */
export const HTTP_STATUS_TEXT: Record<number, Record<Locale, string>> = {
  200: { 'zh-CN': '服务器成功返回请求的数据。', 'zh-TW': '伺服器成功回傳請求的資料。', 'en-US': 'The server successfully returned the requested data.' },
  201: { 'zh-CN': '新建或修改数据成功。', 'zh-TW': '新建或修改資料成功。', 'en-US': 'Data was created or modified successfully.' },
  202: {
    'zh-CN': '一个请求已经进入后台排队（异步任务）。',
    'zh-TW': '一個請求已經進入背景排隊（非同步任務）。',
    'en-US': 'The request has been queued in the background (asynchronous task).',
  },
  204: { 'zh-CN': '删除数据成功。', 'zh-TW': '刪除資料成功。', 'en-US': 'Data was deleted successfully.' },
  302: { 'zh-CN': '请重新登录', 'zh-TW': '請重新登入', 'en-US': 'Please login again' },
  400: {
    'zh-CN': '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
    'zh-TW': '發出的請求有錯誤，伺服器沒有進行新建或修改資料的操作。',
    'en-US': 'The request was invalid; the server did not create or modify any data.',
  },
  401: {
    'zh-CN': '用户没有权限（令牌、用户名、密码错误）。',
    'zh-TW': '使用者沒有權限（權杖、使用者名稱、密碼錯誤）。',
    'en-US': 'No permission (wrong token, username or password).',
  },
  403: {
    'zh-CN': '用户得到授权，但是访问是被禁止的。',
    'zh-TW': '使用者得到授權，但是存取是被禁止的。',
    'en-US': 'The user is authorised, but access is forbidden.',
  },
  404: { 'zh-CN': '页面不存在', 'zh-TW': '頁面不存在', 'en-US': 'Page does not exist' },
  405: { 'zh-CN': '请求方法不被允许。', 'zh-TW': '請求方法不被允許。', 'en-US': 'The request method is not allowed.' },
  406: { 'zh-CN': '请求的格式不可得。', 'zh-TW': '請求的格式不可得。', 'en-US': 'The requested format is not available.' },
  410: {
    'zh-CN': '请求的资源被永久删除，且不会再得到的。',
    'zh-TW': '請求的資源被永久刪除，且不會再得到。',
    'en-US': 'The requested resource has been permanently deleted.',
  },
  422: {
    'zh-CN': '当创建一个对象时，发生一个验证错误。',
    'zh-TW': '建立物件時，發生一個驗證錯誤。',
    'en-US': 'A validation error occurred while creating an object.',
  },
  500: { 'zh-CN': '出错了', 'zh-TW': '出錯了', 'en-US': 'Something went wrong' },
  502: { 'zh-CN': '网关错误。', 'zh-TW': '閘道錯誤。', 'en-US': 'Bad gateway.' },
  503: {
    'zh-CN': '服务不可用，服务器暂时过载或维护。',
    'zh-TW': '服務無法使用，伺服器暫時過載或維護。',
    'en-US': 'Service unavailable: the server is temporarily overloaded or under maintenance.',
  },
  504: { 'zh-CN': '网关超时。', 'zh-TW': '閘道逾時。', 'en-US': 'Gateway timeout.' },
};

/** The success/failure envelope of every API answer (DESIGN §4). */
export type ApiSuccess<T> = { code: 0; msg: string; data: T };
export type ApiFailure = { code: number; msg: string; data?: { fields?: Record<string, { code: number; msg: string }> } };
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

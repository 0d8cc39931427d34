import type { CatalogueEntry } from './types';

/** Catalogue codes of the gallery area (ranges 2100-2199,3002-3099,4100-4199). Texts in zh-CN, zh-TW and en-US. */
export const GALLERY_ERRORS = {
  2100: { status: 404, 'zh-CN': '作品不存在', 'zh-TW': '作品不存在', 'en-US': 'Entry not found' },
  2101: {
    status: 500,
    'zh-CN': '分享图片生成失败，请刷新后重试',
    'zh-TW': '分享圖片產生失敗，請重新整理後重試',
    'en-US': 'Failed to generate the share picture, please refresh and retry',
  },
  2102: { status: 400, 'zh-CN': '请输入您的姓名', 'zh-TW': '請輸入您的姓名', 'en-US': 'Please enter your name' },
  2103: { status: 400, 'zh-CN': '请输入咨询内容', 'zh-TW': '請輸入諮詢內容', 'en-US': 'Please enter your question' },
  2104: { status: 400, 'zh-CN': '内容过长', 'zh-TW': '內容過長', 'en-US': 'The text is too long' },
  2105: { status: 400, 'zh-CN': '请描述您遇到的情况', 'zh-TW': '請描述您遇到的情況', 'en-US': 'Please describe what happened' },
  2106: { status: 400, 'zh-CN': '请选择发生日期', 'zh-TW': '請選擇發生日期', 'en-US': 'Please choose when it happened' },
  3002: {
    status: 403,
    'zh-CN': '此网络投票较多，请输入验证码后再投票',
    'zh-TW': '此網路投票較多，請輸入驗證碼後再投票',
    'en-US': 'Many votes come from this network: please enter the captcha to vote',
  },
  3003: { status: 400, 'zh-CN': '验证码已过期，请换一张', 'zh-TW': '驗證碼已過期，請換一張', 'en-US': 'The captcha has expired, please get a new one' },
  3004: { status: 400, 'zh-CN': '验证码已使用，请换一张', 'zh-TW': '驗證碼已使用，請換一張', 'en-US': 'The captcha was already used, please get a new one' },
  4100: { status: 403, 'zh-CN': '当前不在投票时间内', 'zh-TW': '目前不在投票時間內', 'en-US': 'Voting is not open at this time' },
} as const satisfies Record<number, CatalogueEntry>;

import type { CatalogueEntry } from './types';

/** Catalogue codes of the console area (ranges 6000-6099). Texts in zh-CN, zh-TW and en-US. */
export const CONSOLE_ERRORS = {
  6001: {
    status: 409,
    'zh-CN': '该作品当前状态不允许此操作',
    'zh-TW': '該作品目前狀態不允許此操作',
    'en-US': 'This entry’s current status does not allow that action',
  },
  6002: { status: 400, 'zh-CN': '请填写驳回理由', 'zh-TW': '請填寫駁回理由', 'en-US': 'Please give a reason for the rejection' },
  6003: {
    status: 409,
    'zh-CN': '不能停用自己或撤销自己的管理员权限',
    'zh-TW': '不能停用自己或撤銷自己的管理員權限',
    'en-US': 'You cannot disable yourself or revoke your own admin rights',
  },
  6004: {
    status: 409,
    'zh-CN': '只有已通过的作品才能入围或获奖',
    'zh-TW': '只有已通過的作品才能入圍或獲獎',
    'en-US': 'Only approved entries can be finalists or winners',
  },
  6005: {
    status: 400,
    'zh-CN': '阶段的结束时间必须晚于开始时间',
    'zh-TW': '階段的結束時間必須晚於開始時間',
    'en-US': 'Each phase must end after it starts',
  },
  6007: { status: 409, 'zh-CN': '这张票已经作废', 'zh-TW': '這張票已經作廢', 'en-US': 'This vote has already been voided' },
  6008: { status: 400, 'zh-CN': '请填写回复内容', 'zh-TW': '請填寫回覆內容', 'en-US': 'Please write a reply' },
  6006: { status: 400, 'zh-CN': '请填写简体中文标题', 'zh-TW': '請填寫簡體中文標題', 'en-US': 'Please fill in the Simplified Chinese title' },
} as const satisfies Record<number, CatalogueEntry>;

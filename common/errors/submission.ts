import type { CatalogueEntry } from './types';

/**
 * Catalogue codes of the submission area (ranges 4000-4099 contest rules, 5000-5099 uploads). Texts in
 * zh-CN, zh-TW and en-US. A text with `{name}` placeholders is filled in by the server (the envelope's msg
 * carries the measured value); clients show the server's msg for those codes.
 */
export const SUBMISSION_ERRORS = {
  4001: { status: 403, 'zh-CN': '当前不在作品征集期内', 'zh-TW': '目前不在作品徵集期內', 'en-US': 'Submissions are not open at this time' },
  4002: {
    status: 403,
    'zh-CN': '请先验证邮箱后再提交作品',
    'zh-TW': '請先驗證電子郵件後再提交作品',
    'en-US': 'Please verify your e-mail before submitting an entry',
  },
  4003: {
    status: 409,
    'zh-CN': '您的账号已达到作品数量上限（{limit} 部）',
    'zh-TW': '您的帳號已達到作品數量上限（{limit} 部）',
    'en-US': 'Your account has reached the limit of {limit} entries',
  },
  4004: { status: 409, 'zh-CN': '该作品已无法修改或撤回', 'zh-TW': '該作品已無法修改或撤回', 'en-US': 'This entry can no longer be changed or withdrawn' },
  4005: { status: 404, 'zh-CN': '作品不存在', 'zh-TW': '作品不存在', 'en-US': 'Entry not found' },
  4006: {
    status: 400,
    'zh-CN': '请确认字幕及无角标、无台标的要求',
    'zh-TW': '請確認字幕及無角標、無台標的要求',
    'en-US': 'Please confirm the subtitle and no-logo rules',
  },
  4007: { status: 400, 'zh-CN': '请上传全部所需文件', 'zh-TW': '請上傳全部所需檔案', 'en-US': 'Please upload all the required files' },
  4008: { status: 400, 'zh-CN': '内容超出最大长度', 'zh-TW': '內容超出最大長度', 'en-US': 'The text is longer than allowed' },
  4009: { status: 400, 'zh-CN': '内容少于最小长度', 'zh-TW': '內容少於最小長度', 'en-US': 'The text is shorter than required' },
  4010: { status: 400, 'zh-CN': '请填写此项', 'zh-TW': '請填寫此項', 'en-US': 'Please fill in this field' },
  5000: {
    status: 400,
    'zh-CN': '获取临时密钥失败',
    'zh-TW': '取得臨時金鑰失敗',
    'en-US': 'Failed to obtain temporary secret key',
  },
  5001: { status: 415, 'zh-CN': '仅支持 JPG 或 PNG 图片', 'zh-TW': '僅支援 JPG 或 PNG 圖片', 'en-US': 'Only JPG or PNG images are accepted' },
  5002: { status: 413, 'zh-CN': '文件大小超过 {size} M', 'zh-TW': '檔案大小超過 {size} M', 'en-US': 'File size exceeds {size} M' },
  5003: {
    status: 422,
    'zh-CN': '图片尺寸为 {value}，须为 {expected} 的比例且不小于其一半',
    'zh-TW': '圖片尺寸為 {value}，須為 {expected} 的比例且不小於其一半',
    'en-US': 'The image is {value}; it must have the proportions of {expected} and at least half that size',
  },
  5004: {
    status: 415,
    'zh-CN': '该文件不是支持的视频格式（MP4、AVI、MOV、MKV 等）',
    'zh-TW': '該檔案不是支援的影片格式（MP4、AVI、MOV、MKV 等）',
    'en-US': 'This file is not a video in a supported format (MP4, AVI, MOV, MKV and others)',
  },
  5005: {
    status: 422,
    'zh-CN': '视频时长为 {value}，不得超过 10 分钟',
    'zh-TW': '影片長度為 {value}，不得超過 10 分鐘',
    'en-US': 'The video is {value} long; the limit is 10 minutes',
  },
  5006: {
    status: 422,
    'zh-CN': '视频分辨率为 {value}，须为 1920×1080',
    'zh-TW': '影片解析度為 {value}，須為 1920×1080',
    'en-US': 'The video resolution is {value}; it must be 1920×1080',
  },
  5007: { status: 422, 'zh-CN': '视频文件已损坏或不完整', 'zh-TW': '影片檔案已損壞或不完整', 'en-US': 'The video file is damaged or incomplete' },
  5008: {
    status: 422,
    'zh-CN': '图片末尾夹带了其他数据，已拒收',
    'zh-TW': '圖片末尾夾帶了其他資料，已拒收',
    'en-US': 'The image carries extra hidden data and was refused',
  },
  5009: {
    status: 415,
    'zh-CN': '不接受矢量图（SVG），请使用 JPG 或 PNG',
    'zh-TW': '不接受向量圖（SVG），請使用 JPG 或 PNG',
    'en-US': 'Vector images (SVG) are not accepted; use JPG or PNG',
  },
  5010: {
    status: 415,
    'zh-CN': '授权材料须为 ZIP 或 PDF 文件（也接受 RAR、7z）',
    'zh-TW': '授權資料須為 ZIP 或 PDF 檔案（也接受 RAR、7z）',
    'en-US': 'The authorisation package must be a ZIP or PDF file (RAR and 7z are accepted too)',
  },
  5011: {
    status: 422,
    'zh-CN': '压缩包解压后过大或含嵌套压缩包，已拒收',
    'zh-TW': '壓縮檔解壓後過大或含巢狀壓縮檔，已拒收',
    'en-US': 'The archive expands to too much data or nests other archives, and was refused',
  },
  5012: { status: 403, 'zh-CN': '上传凭证无效', 'zh-TW': '上傳憑證無效', 'en-US': 'The upload credential is invalid' },
  5013: { status: 403, 'zh-CN': '上传凭证已过期，请重试', 'zh-TW': '上傳憑證已過期，請重試', 'en-US': 'The upload credential has expired; please try again' },
  5014: { status: 403, 'zh-CN': '该上传属于其他账号', 'zh-TW': '該上傳屬於其他帳號', 'en-US': 'This upload belongs to another account' },
  5015: {
    status: 404,
    'zh-CN': '上传的文件不存在或已过期，请重新上传',
    'zh-TW': '上傳的檔案不存在或已過期，請重新上傳',
    'en-US': 'The uploaded file was not found or has expired; please upload it again',
  },
  // 403 like the other credential refusals (a 409 would make tus clients retry it as an offset conflict).
  5020: {
    status: 403,
    'zh-CN': '该上传凭证已使用过，请重新选择文件',
    'zh-TW': '該上傳憑證已使用過，請重新選擇檔案',
    'en-US': 'This upload key was already used; please choose the file again',
  },
  5021: {
    status: 422,
    'zh-CN': '预告片时长为 {value}，不得超过 3 分钟',
    'zh-TW': '預告片長度為 {value}，不得超過 3 分鐘',
    'en-US': 'The trailer is {value} long; the limit is 3 minutes',
  },
} as const satisfies Record<number, CatalogueEntry>;

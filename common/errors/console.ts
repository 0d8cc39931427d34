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
  6020: {
    status: 415,
    'zh-CN': '仅支持 JPG、PNG 或 WebP 图片',
    'zh-TW': '僅支援 JPG、PNG 或 WebP 圖片',
    'en-US': 'Only JPG, PNG or WebP images are accepted',
  },
  6021: {
    status: 415,
    'zh-CN': '模板须为 PDF、DOC、DOCX 或 ZIP 文件',
    'zh-TW': '範本須為 PDF、DOC、DOCX 或 ZIP 檔案',
    'en-US': 'A template must be a PDF, DOC, DOCX or ZIP file',
  },
  6022: { status: 400, 'zh-CN': '没有收到文件，请重新选择', 'zh-TW': '沒有收到檔案，請重新選擇', 'en-US': 'No file was received; please choose it again' },
  6023: {
    status: 400,
    'zh-CN': '授权材料大小上限须在 1 到 1024 MB 之间',
    'zh-TW': '授權資料大小上限須在 1 到 1024 MB 之間',
    'en-US': 'The authorisation package limit must be between 1 and 1024 MB',
  },
  6024: { status: 404, 'zh-CN': '该作品没有这个文件', 'zh-TW': '該作品沒有這個檔案', 'en-US': 'This entry has no such file' },
  6025: {
    status: 403,
    'zh-CN': '下载链接已失效，请在管理后台重新打开作品后下载',
    'zh-TW': '下載連結已失效，請在管理後台重新開啟作品後下載',
    'en-US': 'This download link has expired; open the entry in the console and download it again',
  },
  6030: {
    status: 415,
    'zh-CN': '这个文件不是可以读取的视频，请换一个视频文件',
    'zh-TW': '這個檔案不是可以讀取的影片，請換一個影片檔案',
    'en-US': 'This file is not a video we can read; please choose a video file',
  },
  6031: {
    status: 422,
    'zh-CN': '视频无法转换为网页可播放的格式，请检查文件或换一个视频',
    'zh-TW': '影片無法轉換為網頁可播放的格式，請檢查檔案或換一個影片',
    'en-US': 'The video could not be converted for web playback; check the file or try another one',
  },
  6032: {
    status: 503,
    'zh-CN': '服务器未安装 ffmpeg，暂时无法处理视频上传，请联系技术人员',
    'zh-TW': '伺服器未安裝 ffmpeg，暫時無法處理影片上傳，請聯絡技術人員',
    'en-US': 'ffmpeg is not installed on the server, so videos cannot be processed; please contact your technician',
  },
  6033: { status: 404, 'zh-CN': '找不到这次视频上传', 'zh-TW': '找不到這次影片上傳', 'en-US': 'This video upload was not found' },
  6040: {
    status: 400,
    'zh-CN': '只能填写 http(s) 网址或本站路径（以 / 开头）',
    'zh-TW': '只能填寫 http(s) 網址或本站路徑（以 / 開頭）',
    'en-US': 'Only http(s) addresses or site paths (starting with /) are allowed',
  },
} as const satisfies Record<number, CatalogueEntry>;

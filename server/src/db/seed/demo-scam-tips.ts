/** Seeded scam-prevention tips for /share (the organiser edits them later). */
type Tip = Record<'zh-CN' | 'zh-TW' | 'en-US', { title: string; body: string }>;

export const DEMO_SCAM_TIPS: Tip[] = [
  {
    'zh-CN': { title: '公检法不会电话办案', body: '自称警察、检察官要求您转账到“安全账户”的，一律是诈骗。挂断后拨打 110 核实。' },
    'zh-TW': { title: '檢警不會電話辦案', body: '自稱警察、檢察官要求您轉帳到「安全帳戶」的，一律是詐騙。掛斷後撥打 165 或 110 查證。' },
    'en-US': {
      title: 'Police never settle cases by phone',
      body: 'Anyone claiming to be police or a prosecutor who asks you to move money to a "safe account" is a scammer. Hang up and call the police yourself.',
    },
  },
  {
    'zh-CN': { title: '验证码就是钱', body: '任何人索要短信验证码都要警惕：客服、快递员、“朋友”都不需要您的验证码。' },
    'zh-TW': { title: '驗證碼就是錢', body: '任何人索取簡訊驗證碼都要提高警覺：客服、快遞員、「朋友」都不需要您的驗證碼。' },
    'en-US': {
      title: 'A verification code is money',
      body: 'Never read a text-message code to anyone: real support staff, couriers and friends never need it.',
    },
  },
  {
    'zh-CN': { title: '刷单返利都是陷阱', body: '“动动手指日赚几百”的兼职，先让您尝甜头，再诱导大额垫付，最后卷款消失。' },
    'zh-TW': { title: '刷單返利都是陷阱', body: '「動動手指日賺幾百」的兼職，先讓您嚐甜頭，再誘導大額墊付，最後捲款消失。' },
    'en-US': {
      title: 'Paid "order boosting" is a trap',
      body: 'Jobs that pay you to click or review first give small rewards, then ask you to advance large sums, then vanish.',
    },
  },
  {
    'zh-CN': { title: '网恋谈钱，立即止步', body: '从未见面的网友以投资、急用为由借钱或带您“理财”，极有可能是“杀猪盘”。' },
    'zh-TW': { title: '網戀談錢，立即止步', body: '從未見面的網友以投資、急用為由借錢或帶您「理財」，極有可能是「殺豬盤」。' },
    'en-US': {
      title: 'Online love that talks money: stop',
      body: 'Someone you have never met who needs money urgently or offers to teach you investing is very likely running a romance scam.',
    },
  },
  {
    'zh-CN': { title: '亲友借钱，先打电话', body: 'AI 可以模仿声音和视频。亲友在网上借钱，请用您已知的号码回拨确认。' },
    'zh-TW': { title: '親友借錢，先打電話', body: 'AI 可以模仿聲音和影像。親友在網路上借錢，請用您已知的號碼回撥確認。' },
    'en-US': {
      title: 'Family asking for money? Call back',
      body: 'AI can clone voices and faces. When a relative asks for money online, call them back on a number you already know.',
    },
  },
  {
    'zh-CN': { title: '不出租出借银行卡', body: '出租、出借、出售银行卡和手机卡，可能成为诈骗洗钱的帮凶，需承担法律责任。' },
    'zh-TW': { title: '不出租出借銀行帳戶', body: '出租、出借、出售銀行帳戶和門號，可能成為詐騙洗錢的幫兇，需承擔法律責任。' },
    'en-US': {
      title: 'Never lend your bank card',
      body: 'Renting out or selling your bank account or SIM card can make you part of a money-laundering chain, and you are liable for it.',
    },
  },
];

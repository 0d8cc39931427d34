/** Demo jury, exhibitions, sponsors and templates, in three locales. */
type Tri<T> = { 'zh-CN': T; 'zh-TW': T; 'en-US': T };

export const DEMO_JURY: Tri<{ name: string; title: string; achievements: string[] }>[] = [
  {
    'zh-CN': { name: '林默然', title: '电影导演、编剧', achievements: ['金鸡奖最佳导演提名', '执导长片《灯塔》《归途》', '北京电影学院客座教授'] },
    'zh-TW': { name: '林默然', title: '電影導演、編劇', achievements: ['金雞獎最佳導演提名', '執導長片《燈塔》《歸途》', '北京電影學院客座教授'] },
    'en-US': {
      name: 'Lin Moran',
      title: 'Film director and screenwriter',
      achievements: [
        'Golden Rooster nominee for Best Director',
        'Directed the features “Lighthouse” and “The Way Home”',
        'Visiting professor, Beijing Film Academy',
      ],
    },
  },
  {
    'zh-CN': { name: '陈思雨', title: '影评人、策展人', achievements: ['多个国际短片节选片人', '著有《十分钟的电影》', '短片创作训练营发起人'] },
    'zh-TW': { name: '陳思雨', title: '影評人、策展人', achievements: ['多個國際短片節選片人', '著有《十分鐘的電影》', '短片創作訓練營發起人'] },
    'en-US': {
      name: 'Chen Siyu',
      title: 'Film critic and curator',
      achievements: ['Programmer for several international short-film festivals', 'Author of “Ten-Minute Cinema”', 'Founder of a short-film creators’ camp'],
    },
  },
  {
    'zh-CN': { name: '王建国', title: '反诈中心资深警官', achievements: ['从事反诈工作十五年', '参与破获多起跨境电信诈骗案', '全国反诈宣传先进个人'] },
    'zh-TW': { name: '王建國', title: '反詐中心資深警官', achievements: ['從事反詐工作十五年', '參與偵破多起跨境電信詐騙案', '全國反詐宣導績優個人'] },
    'en-US': {
      name: 'Wang Jianguo',
      title: 'Senior officer, anti-fraud centre',
      achievements: ['Fifteen years in fraud prevention', 'Helped crack several cross-border telecom-fraud rings', 'National award for anti-fraud outreach'],
    },
  },
  {
    'zh-CN': { name: '周晓岚', title: '摄影指导', achievements: ['金马奖最佳摄影', '广告与纪录片摄影逾百部', '中国电影摄影师学会会员'] },
    'zh-TW': { name: '周曉嵐', title: '攝影指導', achievements: ['金馬獎最佳攝影', '廣告與紀錄片攝影逾百部', '中國電影攝影師學會會員'] },
    'en-US': {
      name: 'Zhou Xiaolan',
      title: 'Director of photography',
      achievements: [
        'Golden Horse Award for Best Cinematography',
        'Shot more than a hundred commercials and documentaries',
        'Member of the Chinese Society of Cinematographers',
      ],
    },
  },
  {
    'zh-CN': { name: '黄嘉欣', title: '新媒体制片人', achievements: ['出品多部千万播放短剧', '青年创作者扶持计划负责人', '数字内容产业联盟理事'] },
    'zh-TW': { name: '黃嘉欣', title: '新媒體製片人', achievements: ['出品多部千萬播放短劇', '青年創作者扶持計畫負責人', '數位內容產業聯盟理事'] },
    'en-US': {
      name: 'Huang Jiaxin',
      title: 'New-media producer',
      achievements: [
        'Produced several short series with over ten million views',
        'Leads a young-creators support programme',
        'Board member of a digital-content industry alliance',
      ],
    },
  },
  {
    'zh-CN': { name: '李明哲', title: '心理学教授', achievements: ['研究方向：诈骗中的说服与决策', '发表相关论文三十余篇', '多家媒体特约评论员'] },
    'zh-TW': { name: '李明哲', title: '心理學教授', achievements: ['研究方向：詐騙中的說服與決策', '發表相關論文三十餘篇', '多家媒體特約評論員'] },
    'en-US': {
      name: 'Li Mingzhe',
      title: 'Professor of psychology',
      achievements: [
        'Researches persuasion and decision-making in fraud',
        'Author of over thirty papers on the subject',
        'Guest commentator for several media outlets',
      ],
    },
  },
  {
    'zh-CN': { name: '赵一帆', title: '剪辑指导', achievements: ['金像奖最佳剪辑', '剪辑作品入围戛纳短片竞赛', '高校影视专业特聘导师'] },
    'zh-TW': { name: '趙一帆', title: '剪輯指導', achievements: ['金像獎最佳剪輯', '剪輯作品入圍坎城短片競賽', '大學影視科系特聘導師'] },
    'en-US': {
      name: 'Zhao Yifan',
      title: 'Film editor',
      achievements: ['Hong Kong Film Award for Best Editing', 'Edited a short film in competition at Cannes', 'Guest mentor in university film programmes'],
    },
  },
];

export const DEMO_EXHIBITIONS: Tri<{ title: string; summary: string; body: string }>[] = [
  {
    'zh-CN': {
      title: '往届金奖作品《最后一通电话》',
      summary: '一位独居老人与“孙子”的一通电话，揭开冒充亲属诈骗的套路。',
      body: '<p>《最后一通电话》获得上届公开组金奖。影片以一通深夜来电为线索，用克制的镜头还原冒充亲属诈骗的全过程。</p><p>评委评价：“结尾的反转让人记住了最重要的一句话——先挂电话，再核实。”</p>',
    },
    'zh-TW': {
      title: '往屆金獎作品《最後一通電話》',
      summary: '一位獨居長者與「孫子」的一通電話，揭開假冒親屬詐騙的套路。',
      body: '<p>《最後一通電話》獲得上屆公開組金獎。影片以一通深夜來電為線索，用克制的鏡頭還原假冒親屬詐騙的全過程。</p><p>評審評語：「結尾的反轉讓人記住了最重要的一句話——先掛電話，再查證。」</p>',
    },
    'en-US': {
      title: 'Past gold winner: “The Last Call”',
      summary: 'A late-night call from a “grandson” exposes how relative-impersonation scams work.',
      body: '<p>“The Last Call” won gold in the Open Group last year. Following one late-night phone call, it reconstructs a relative-impersonation scam with restrained camerawork.</p><p>The jury wrote: “The final twist leaves you with the one line that matters: hang up, then check.”</p>',
    },
  },
  {
    'zh-CN': {
      title: '学生组特别奖《验证码》',
      summary: '高校团队用一个宿舍里的故事，讲清“验证码不能给任何人”。',
      body: '<p>四名大一学生在两周内完成拍摄，影片节奏紧凑、对白真实。</p><p>该片已在多所高校新生入学教育中放映。</p>',
    },
    'zh-TW': {
      title: '學生組特別獎《驗證碼》',
      summary: '大學團隊用一個宿舍裡的故事，講清「驗證碼不能給任何人」。',
      body: '<p>四名大一學生在兩週內完成拍攝，影片節奏緊湊、對白真實。</p><p>該片已在多所大學新生入學教育中放映。</p>',
    },
    'en-US': {
      title: 'Student Group special prize: “The Code”',
      summary: 'A dorm-room story that makes it clear: never give your verification code to anyone.',
      body: '<p>Four first-year students shot the film in two weeks; it is tight, with dialogue that rings true.</p><p>It has since been screened at freshman orientation in several universities.</p>',
    },
  },
  {
    'zh-CN': {
      title: '颁奖典礼精彩回顾',
      summary: '评委、获奖者与反诈民警同台，分享创作背后的故事。',
      body: '<p>上届颁奖典礼在线直播观看人数突破五十万。</p><p>本页收录典礼花絮与获奖感言。</p>',
    },
    'zh-TW': {
      title: '頒獎典禮精彩回顧',
      summary: '評審、得獎者與反詐員警同台，分享創作背後的故事。',
      body: '<p>上屆頒獎典禮線上直播觀看人數突破五十萬。</p><p>本頁收錄典禮花絮與得獎感言。</p>',
    },
    'en-US': {
      title: 'Awards ceremony highlights',
      summary: 'Jury, winners and anti-fraud officers share the stories behind the films.',
      body: '<p>Over half a million people watched last year’s ceremony live online.</p><p>This page collects moments from the ceremony and the winners’ speeches.</p>',
    },
  },
  {
    'zh-CN': {
      title: '幕后：一部反诈短片的诞生',
      summary: '从选题、采访民警到拍摄剪辑，跟随一个团队的三十天。',
      body: '<p>好的反诈短片从真实案例开始。团队走访派出所，整理了二十多个案例，最终选择了一个最常见、也最容易被忽视的骗局。</p>',
    },
    'zh-TW': {
      title: '幕後：一部反詐短片的誕生',
      summary: '從選題、訪問員警到拍攝剪輯，跟隨一個團隊的三十天。',
      body: '<p>好的反詐短片從真實案例開始。團隊走訪派出所，整理了二十多個案例，最終選擇了一個最常見、也最容易被忽視的騙局。</p>',
    },
    'en-US': {
      title: 'Behind the scenes: making an anti-fraud short',
      summary: 'Thirty days with one team, from choosing a topic and interviewing police to the final cut.',
      body: '<p>Good anti-fraud films start from real cases. The team visited a police station, gathered more than twenty cases and chose the most common, most overlooked scam of all.</p>',
    },
  },
];

export const DEMO_SPONSORS: { tier: 'title' | 'gold' | 'partner' | 'media'; link: string; name: Tri<string> }[] = [
  {
    tier: 'title',
    link: 'https://example.com/starlight',
    name: { 'zh-CN': '星光影业娱乐', 'zh-TW': '星光影業娛樂', 'en-US': 'Starlight Pictures Entertainment' },
  },
  { tier: 'gold', link: 'https://example.com/safepay', name: { 'zh-CN': '安付科技', 'zh-TW': '安付科技', 'en-US': 'SafePay Technology' } },
  { tier: 'gold', link: 'https://example.com/citybank', name: { 'zh-CN': '城市商业银行', 'zh-TW': '城市商業銀行', 'en-US': 'City Commercial Bank' } },
  { tier: 'partner', link: 'https://example.com/filmacademy', name: { 'zh-CN': '青年电影学院', 'zh-TW': '青年電影學院', 'en-US': 'Youth Film Academy' } },
  { tier: 'partner', link: 'https://example.com/telecom', name: { 'zh-CN': '联通天下通信', 'zh-TW': '聯通天下通訊', 'en-US': 'UniConnect Telecom' } },
  { tier: 'media', link: 'https://example.com/citynews', name: { 'zh-CN': '都市晚报', 'zh-TW': '都市晚報', 'en-US': 'City Evening News' } },
  { tier: 'media', link: 'https://example.com/filmweekly', name: { 'zh-CN': '影视周刊', 'zh-TW': '影視週刊', 'en-US': 'Film Weekly' } },
];

export const DEMO_TEMPLATES: { slug: string; fileName: string; title: Tri<string>; lines: string[] }[] = [
  {
    slug: 'entry-form',
    fileName: 'entry-form.pdf',
    title: { 'zh-CN': '参赛报名表', 'zh-TW': '參賽報名表', 'en-US': 'Entry form' },
    lines: [
      'Anti-Fraud Micro-Film Contest - Entry Form',
      'Film title: ______________________',
      'Group: [ ] Open Group   [ ] Student Group',
      'Team name: ______________________',
      'Director: ______________________',
      'Contact e-mail: ______________________',
      'Signature: ____________   Date: ____________',
    ],
  },
  {
    slug: 'authorization-letter',
    fileName: 'authorization-letter.pdf',
    title: { 'zh-CN': '作品授权书', 'zh-TW': '作品授權書', 'en-US': 'Authorisation letter' },
    lines: [
      'Anti-Fraud Micro-Film Contest - Authorisation Letter',
      'We authorise the organiser to screen, publish and distribute',
      'the film named below for non-commercial anti-fraud education.',
      'Film title: ______________________',
      'Rights holder: ______________________',
      'Signature: ____________   Date: ____________',
    ],
  },
  {
    slug: 'copyright-commitment',
    fileName: 'copyright-commitment.pdf',
    title: { 'zh-CN': '版权承诺书', 'zh-TW': '版權承諾書', 'en-US': 'Copyright commitment' },
    lines: [
      'Anti-Fraud Micro-Film Contest - Copyright Commitment',
      'We confirm that the film is our original work and that all',
      'music, footage and images in it are cleared for this use.',
      'Film title: ______________________',
      'Signature: ____________   Date: ____________',
    ],
  },
];

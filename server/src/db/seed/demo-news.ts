/** Demo news: [category, daysAgo, {locale: [title, summary]}]. Bodies add a paragraph per category. */
type L = { 'zh-CN': [string, string]; 'zh-TW': [string, string]; 'en-US': [string, string] };

export const DEMO_NEWS: ['media' | 'announcement', number, L][] = [
  [
    'announcement',
    1,
    {
      'zh-CN': ['第三届反诈骗微电影大赛正式启动', '大赛即日起开放报名，设公开组与学生组，作品征集持续 60 天。'],
      'zh-TW': ['第三屆反詐騙微電影大賽正式啟動', '大賽即日起開放報名，設公開組與學生組，作品徵集持續 60 天。'],
      'en-US': [
        'The third Anti-Fraud Micro-Film Contest opens',
        'Registration is open from today, with an Open Group and a Student Group; submissions run for 60 days.',
      ],
    },
  ],
  [
    'media',
    2,
    {
      'zh-CN': ['都市晚报：用一部微电影提醒父母“先挂电话再核实”', '记者走访往届获奖团队，讲述作品如何走进社区放映室。'],
      'zh-TW': ['都市晚報：用一部微電影提醒父母「先掛電話再查證」', '記者走訪往屆得獎團隊，講述作品如何走進社區放映室。'],
      'en-US': [
        'City Evening News: a short film that taught parents to “hang up, then check”',
        'Reporters visit past winners and follow their film into community screening rooms.',
      ],
    },
  ],
  [
    'announcement',
    4,
    {
      'zh-CN': ['专业评审团名单公布', '七位来自电影、传媒与公安反诈领域的专家将担任本届评委。'],
      'zh-TW': ['專業評審團名單公佈', '七位來自電影、傳媒與警政反詐領域的專家將擔任本屆評審。'],
      'en-US': ['Expert jury announced', 'Seven experts from film, media and police anti-fraud work will judge this year’s entries.'],
    },
  ],
  [
    'media',
    6,
    {
      'zh-CN': ['科技日报：短视频时代，反诈宣传如何“被看见”', '业内人士认为，好故事比口号更能让年轻人记住防骗要点。'],
      'zh-TW': ['科技日報：短影音時代，反詐宣導如何「被看見」', '業內人士認為，好故事比口號更能讓年輕人記住防騙要點。'],
      'en-US': [
        'Science Daily: getting anti-fraud messages seen in the short-video age',
        'Industry voices agree that a good story sticks with young people better than a slogan.',
      ],
    },
  ],
  [
    'announcement',
    8,
    {
      'zh-CN': ['作品提交指南与授权模板已上线', '请在提交前下载报名表、授权书和版权承诺书，签字后打包上传。'],
      'zh-TW': ['作品提交指南與授權範本已上線', '請在提交前下載報名表、授權書和版權承諾書，簽名後打包上傳。'],
      'en-US': [
        'Submission guide and authorisation templates published',
        'Download the entry form, authorisation letter and copyright commitment, sign them and upload them as one package.',
      ],
    },
  ],
  [
    'media',
    10,
    {
      'zh-CN': ['青年时报：大学生团队把“刷单返利”拍成悬疑短片', '学生组报名火热，多所高校影视社团组队参赛。'],
      'zh-TW': ['青年時報：大學生團隊把「刷單返利」拍成懸疑短片', '學生組報名熱烈，多所大學影視社團組隊參賽。'],
      'en-US': [
        'Youth Times: students turn a “click-farming rebate” scam into a thriller',
        'The Student Group is filling fast as university film clubs form teams.',
      ],
    },
  ],
  [
    'announcement',
    13,
    {
      'zh-CN': ['关于视频格式与字幕要求的说明', '作品须为 1920×1080、10 分钟以内，并配中英文字幕，画面不得有角标。'],
      'zh-TW': ['關於影片格式與字幕要求的說明', '作品須為 1920×1080、10 分鐘以內，並附中英文字幕，畫面不得有角標。'],
      'en-US': ['Notes on video format and subtitles', 'Films must be 1920×1080, at most 10 minutes, with Chinese and English subtitles and no corner logos.'],
    },
  ],
  [
    'media',
    16,
    {
      'zh-CN': ['晨间新闻：社区老人观影后识破“养老投资”骗局', '一位观众说，片中情节和她接到的电话几乎一模一样。'],
      'zh-TW': ['晨間新聞：社區長者觀影後識破「養老投資」騙局', '一位觀眾說，片中情節和她接到的電話幾乎一模一樣。'],
      'en-US': [
        'Morning News: seniors spot a “pension investment” scam after a screening',
        'One viewer said the film’s plot was almost exactly the call she had received.',
      ],
    },
  ],
  [
    'announcement',
    20,
    {
      'zh-CN': ['公众投票规则公布', '每位观众对每部作品可投一票，系统将拦截异常投票以保证公平。'],
      'zh-TW': ['公眾投票規則公佈', '每位觀眾對每部作品可投一票，系統將攔截異常投票以確保公平。'],
      'en-US': ['Public voting rules published', 'Each visitor may vote once per entry; unusual voting patterns are blocked to keep it fair.'],
    },
  ],
  [
    'media',
    24,
    {
      'zh-CN': ['影视周刊：微电影创作者谈“十分钟讲好一个故事”', '三位往届入围导演分享剧本结构与拍摄心得。'],
      'zh-TW': ['影視週刊：微電影創作者談「十分鐘說好一個故事」', '三位往屆入圍導演分享劇本結構與拍攝心得。'],
      'en-US': ['Film Weekly: directors on telling a story in ten minutes', 'Three past finalists share how they structure scripts and shoot on a budget.'],
    },
  ],
  [
    'announcement',
    28,
    {
      'zh-CN': ['线上创作工作坊报名开启', '评委将在线讲解选题、剧本与拍摄技巧，参赛者可免费报名。'],
      'zh-TW': ['線上創作工作坊報名開啟', '評審將線上講解選題、劇本與拍攝技巧，參賽者可免費報名。'],
      'en-US': ['Online filmmaking workshops open for sign-up', 'Jury members will teach topic choice, scripting and shooting online, free for entrants.'],
    },
  ],
  [
    'media',
    33,
    {
      'zh-CN': ['财经观察：虚假投资诈骗的新变种与应对', '专家提醒：任何承诺“稳赚不赔”的投资都值得警惕。'],
      'zh-TW': ['財經觀察：虛假投資詐騙的新變種與應對', '專家提醒：任何承諾「穩賺不賠」的投資都值得警惕。'],
      'en-US': ['Finance Watch: new variants of fake-investment fraud', 'Experts warn: any investment that “cannot lose” deserves suspicion.'],
    },
  ],
  [
    'announcement',
    38,
    {
      'zh-CN': ['往届优秀作品展映上线', '展映板块收录了往届的获奖作品与幕后花絮。'],
      'zh-TW': ['往屆優秀作品展映上線', '展映單元收錄了往屆的得獎作品與幕後花絮。'],
      'en-US': ['Exhibition of past winners now online', 'The exhibition collects past award winners and behind-the-scenes moments.'],
    },
  ],
  [
    'media',
    45,
    {
      'zh-CN': ['校园之声：学生记者体验“冒充客服”诈骗全过程', '一次模拟演练，让同学们记住了“官方不会索要验证码”。'],
      'zh-TW': ['校園之聲：學生記者體驗「假冒客服」詐騙全過程', '一次模擬演練，讓同學們記住了「官方不會索取驗證碼」。'],
      'en-US': [
        'Campus Voice: student reporters walk through a fake customer-service scam',
        'A simulated call taught classmates that no real service ever asks for your verification code.',
      ],
    },
  ],
];

export const NEWS_BODY_EXTRA: Record<'media' | 'announcement', Record<'zh-CN' | 'zh-TW' | 'en-US', string[]>> = {
  announcement: {
    'zh-CN': ['详情请参阅“大赛详情”页面。如有疑问，可通过“联系我们”页面或微信咨询主办方。', '感谢每一位参与者，让更多人远离诈骗。'],
    'zh-TW': ['詳情請參閱「大賽詳情」頁面。如有疑問，可透過「聯絡我們」頁面或微信諮詢主辦方。', '感謝每一位參與者，讓更多人遠離詐騙。'],
    'en-US': [
      'See the Contest Details page for the full rules. Questions are welcome through Contact Us or on WeChat.',
      'Thank you to everyone taking part and helping more people stay safe from fraud.',
    ],
  },
  media: {
    'zh-CN': ['本文转载自合作媒体，内容仅代表原作者观点。', '反诈骗微电影大赛持续征集作品，欢迎更多创作者加入。'],
    'zh-TW': ['本文轉載自合作媒體，內容僅代表原作者觀點。', '反詐騙微電影大賽持續徵集作品，歡迎更多創作者加入。'],
    'en-US': [
      'Reprinted from a media partner; views are the author’s own.',
      'The Anti-Fraud Micro-Film Contest is still taking entries, and new filmmakers are welcome.',
    ],
  },
};

/** Editable page texts of the demo contest (rich text, sanitised HTML written by us). */
export const DEMO_PAGES: Record<'eventDetails' | 'aboutUs' | 'specialThanks', Record<'zh-CN' | 'zh-TW' | 'en-US', { title: string; body: string }>> = {
  eventDetails: {
    'zh-CN': {
      title: '大赛详情',
      body: '<p>反诈骗微电影大赛由星光影业娱乐主办，旨在以影像的力量普及防骗知识。</p><ol><li>参赛者须注册并验证邮箱后提交作品，每个账号最多提交 3 部。</li><li>作品须为原创，主题围绕防范各类诈骗，内容积极健康。</li><li>作品需附报名表、授权书与版权承诺书。</li><li>入围作品由专业评委评分，并结合公众投票评出各奖项。</li><li>主办方有权在非商业性反诈宣传中展映获奖作品。</li></ol>',
    },
    'zh-TW': {
      title: '大賽詳情',
      body: '<p>反詐騙微電影大賽由星光影業娛樂主辦，旨在以影像的力量普及防騙知識。</p><ol><li>參賽者須註冊並驗證電子郵件後提交作品，每個帳號最多提交 3 部。</li><li>作品須為原創，主題圍繞防範各類詐騙，內容積極健康。</li><li>作品需附報名表、授權書與版權承諾書。</li><li>入圍作品由專業評審評分，並結合公眾投票評出各獎項。</li><li>主辦方有權在非商業性反詐宣導中展映得獎作品。</li></ol>',
    },
    'en-US': {
      title: 'Contest Details',
      body: '<p>The Anti-Fraud Micro-Film Contest is run by Starlight Pictures Entertainment to spread scam-prevention knowledge through film.</p><ol><li>Register and verify your e-mail before submitting; each account may submit up to 3 entries.</li><li>Films must be original, about preventing fraud of any kind, and suitable for all audiences.</li><li>Each entry comes with the entry form, authorisation letter and copyright commitment.</li><li>Shortlisted films are scored by the expert jury, together with the public vote.</li><li>The organiser may screen winning films in non-commercial anti-fraud campaigns.</li></ol>',
    },
  },
  aboutUs: {
    'zh-CN': {
      title: '关于我们',
      body: '<p>星光影业娱乐是一家专注于电影、剧集与新媒体内容的娱乐公司。我们相信，一个好故事能改变一个人的判断，也能守护一个家庭的积蓄。</p><p>自 2024 年起，我们联合公安反诈中心、高校与媒体伙伴举办反诈骗微电影大赛，累计收到作品逾两千部。</p>',
    },
    'zh-TW': {
      title: '關於我們',
      body: '<p>星光影業娛樂是一家專注於電影、劇集與新媒體內容的娛樂公司。我們相信，一個好故事能改變一個人的判斷，也能守護一個家庭的積蓄。</p><p>自 2024 年起，我們聯合警政反詐中心、大學與媒體夥伴舉辦反詐騙微電影大賽，累計收到作品逾兩千部。</p>',
    },
    'en-US': {
      title: 'About Us',
      body: '<p>Starlight Pictures Entertainment makes films, series and new-media content. We believe a good story can change someone’s judgement, and protect a family’s savings.</p><p>Since 2024 we have run the Anti-Fraud Micro-Film Contest with police anti-fraud centres, universities and media partners, receiving over two thousand films.</p>',
    },
  },
  specialThanks: {
    'zh-CN': { title: '特别鸣谢', body: '<p>感谢以下机构对本届大赛的鼎力支持。正是因为你们，防骗知识才能走进更多家庭。</p>' },
    'zh-TW': { title: '特別鳴謝', body: '<p>感謝以下機構對本屆大賽的鼎力支持。正是因為你們，防騙知識才能走進更多家庭。</p>' },
    'en-US': {
      title: 'Special Thanks',
      body: '<p>We thank the organisations below for their generous support. Because of you, scam-prevention knowledge reaches more families.</p>',
    },
  },
};

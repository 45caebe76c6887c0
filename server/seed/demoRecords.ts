/** Fictional records of 云溪县 for the four plain entities (first start only). */
export const DEMO_ANNOUNCEMENTS = [
  { title: '云溪县2026年春季森林防火工作的通告', type: 1, source: '县政府办公室', isTop: 1, status: 1, sort: 1, publishTime: '2026-03-02 09:00:00', content: '<p>为切实做好春季森林防火工作，全县禁止野外用火。</p>' },
  { title: '关于云溪县城区部分路段施工期间交通管制的公告', type: 2, source: '县政府办公室', isTop: 0, status: 1, sort: 2, publishTime: '2026-03-05 10:30:00', content: '<p>溪山路（人民广场至白沙桥段）实施半幅封闭施工。</p>' },
  { title: '云溪县2026年公开招聘中小学教师拟聘用人员公示', type: 3, source: '县教育局', isTop: 1, status: 1, sort: 0, publishTime: '2026-03-10 15:00:00', content: '<p>公示期为5个工作日。</p>' },
  { title: '关于开展春季学校食品安全检查的通知', type: 1, source: '县教育局', isTop: 0, status: 1, sort: 5, publishTime: '2026-03-12 08:30:00', content: '<p>各中小学、幼儿园做好自查。</p>' },
  { title: '县人民医院门诊楼改造期间就诊指引', type: 2, source: '县卫生健康局', isTop: 0, status: 1, sort: 3, publishTime: '2026-03-15 09:00:00', content: '<p>门诊临时迁至综合楼一楼。</p>' },
  { title: '青石镇2026年高标准农田建设项目公示', type: 3, source: '青石镇', isTop: 0, status: 0, sort: 4, publishTime: '2026-03-18 11:00:00', content: '<p>项目草稿，待审核。</p>' },
  { title: '关于做好春耕备耕农资保障工作的通知', type: 1, source: '县农业农村局', isTop: 0, status: 2, sort: 6, publishTime: '2026-02-20 09:00:00', content: '<p>已下线。</p>' },
];

export const DEMO_HOT = [
  { title: '云溪县政务服务“一网通办”上线', url: 'https://www.yunxi.gov.example/zwfw', summary: '群众办事最多跑一次。', sort: 1, status: 1, clickCount: 320 },
  { title: '2026年县政府工作报告', url: 'https://www.yunxi.gov.example/gzbg2026', summary: '回顾2025年工作，部署2026年任务。', sort: 2, status: 1, clickCount: 540 },
  { title: '义务教育阶段招生入学政策解读', url: 'https://www.yunxi.gov.example/jyzs', summary: '县教育局解读今年招生政策。', sort: 3, status: 1, clickCount: 210 },
  { title: '白沙镇乡村振兴示范村建设进展', url: 'https://www.yunxi.gov.example/xczx', summary: '五个示范村建设过半。', sort: 3, status: 1, clickCount: 95 },
  { title: '医保缴费时间调整提醒', url: 'https://www.yunxi.gov.example/yb', summary: '城乡居民医保集中缴费期延长。', sort: 5, status: 0, clickCount: 12 },
  { title: '青石镇茶文化旅游节', url: 'https://www.yunxi.gov.example/cwh', summary: '四月中旬开幕。', sort: 6, status: 1, clickCount: 77 },
];

export const DEMO_SENSITIVE = [
  { word: '代开发票', type: 4, level: 1, replacement: '***', status: 1, hitCount: 18 },
  { word: '赌博网站', type: 4, level: 1, replacement: '***', status: 1, hitCount: 9 },
  { word: '低俗广告', type: 2, level: 2, replacement: '', status: 1, hitCount: 4 },
  { word: '暴恐视频', type: 3, level: 1, replacement: '***', status: 1, hitCount: 2 },
  { word: '办证刻章', type: 4, level: 2, replacement: '', status: 1, hitCount: 25 },
  { word: '刷单返利', type: 5, level: 3, replacement: '', status: 0, hitCount: 6 },
];

/**
 * Each site belongs to the department that runs it (`dept`, a department name). Fictional addresses:
 * never checked, so they carry no state or figures (本站 is registered separately: monitoring/ownSite.ts).
 */
export const DEMO_WEBSITES = [
  { dept: '县教育局', name: '云溪县教育局', url: 'https://jyj.yunxi.gov.example/', type: 2, checkInterval: 60, state: 0, sort: 2, remark: '' },
  { dept: '县卫生健康局', name: '云溪县卫生健康局', url: 'https://wjj.yunxi.gov.example/', type: 2, checkInterval: 60, state: 0, sort: 3, remark: '' },
  { dept: '青石镇', name: '青石镇人民政府', url: 'https://qs.yunxi.gov.example/', type: 3, checkInterval: 120, state: 0, sort: 4, remark: '' },
  { dept: '白沙镇', name: '白沙镇人民政府', url: 'https://bs.yunxi.gov.example/', type: 3, checkInterval: 120, state: 0, sort: 5, remark: '' },
  { dept: '县政府办公室', name: '省政务服务网', url: 'https://zwfw.province.example/', type: 4, checkInterval: 1440, state: 0, sort: 6, remark: '' },
];

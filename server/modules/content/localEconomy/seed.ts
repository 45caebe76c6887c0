import type { Db } from '../../../db/types.js';
import { seedApi } from '../../../crud/entity/seed.js';
import { newQueryCode } from '../../../public/guard.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';

const CELEBRITIES = [
  { name: '陈溪山', category: 1, gender: 1, birthYear: '清乾隆年间', nativePlace: '云溪县青石镇', unit: '清代学者', honor: '乡贤', honorYear: null, deeds: '主持编修《云溪县志》，创办青石书院。\n捐资修建白沙桥，方便两岸百姓往来。', sort: 1 },
  { name: '林秀英', category: 2, gender: 2, birthYear: '1968', nativePlace: '云溪县白沙镇', unit: '白沙镇沙洲村党支部书记', honor: '全国劳动模范', honorYear: 2020, deeds: '带领村民发展茶叶种植，村集体经济收入十年增长十倍。', sort: 2 },
  { name: '王建国', category: 4, gender: 1, birthYear: '1975', nativePlace: '云溪县城关街道', unit: '县人民医院外科主任', honor: '省卫生健康系统先进工作者', honorYear: 2024, deeds: '扎根县域医疗二十余年，牵头建成县胸痛中心。', sort: 3 },
  { name: '张梅', category: 3, gender: 2, birthYear: '1982', nativePlace: '云溪县梅溪乡', unit: '梅溪乡中心小学教师', honor: '市道德模范', honorYear: 2023, deeds: '照顾瘫痪婆婆十五年，资助留守儿童三十余名。', sort: 4 },
];

const POPULA = [
  { title: '社保查询', type: 3, url: 'https://zwfw.province.example/sbcx', summary: '养老、医疗保险缴费记录查询', sort: 1 },
  { title: '不动产登记预约', type: 1, url: 'https://zwfw.province.example/bdc', summary: '网上预约不动产登记窗口', sort: 2 },
  { title: '义务教育招生政策解读', type: 2, url: 'https://www.yunxi.gov.example/jyzs', summary: '2026年招生入学政策问答', sort: 3 },
  { title: '公积金提取', type: 1, url: 'https://zwfw.province.example/gjj', summary: '住房公积金线上提取', sort: 4 },
  { title: '乡村振兴专题', type: 4, url: 'https://www.yunxi.gov.example/xczx', summary: '全县乡村振兴工作进展', sort: 5 },
];

const PROJECTS = [
  { name: '云溪县青石茶产业园建设项目', projectType: 'NEW', status: 'WAREHOUSING', company: '云溪县青石茶业有限公司', industry: '农产品加工', town: '青石镇', investment: 32000, startYear: 2026, content: '新建标准化茶叶加工厂房2万平方米及配套仓储物流设施。', contactName: '李青', contactPhone: '13805710001', source: 1 },
  { name: '白沙镇光伏发电二期工程', projectType: 'CONTINUE', status: 'WAREHOUSING', company: '云溪新能源开发有限公司', industry: '新能源', town: '白沙镇', investment: 18500.5, startYear: 2025, content: '续建屋顶分布式光伏12兆瓦。', contactName: '周明', contactPhone: '13805710002', source: 1 },
  { name: '云山镇康养旅游综合体', projectType: 'PLAN', status: 'UNKNOWN', company: '云山文旅投资有限公司', industry: '文化旅游', town: '云山镇', investment: 56000, startYear: 2027, content: '谋划建设康养酒店、森林步道及游客中心。', contactName: '吴云', contactPhone: '13805710003', source: 2 },
];

const PRODUCTS = [
  { name: '云溪高山云雾茶', type: 1, status: 2, producer: '云溪县青石茶业有限公司', origin: '青石镇', price: 380, unit: '斤', description: '海拔800米以上茶园手工采制，清明前采摘。', contactName: '李青', contactPhone: '13805710001', sort: 1 },
  { name: '白沙毛竹笋干', type: 1, status: 2, producer: '白沙镇沙洲村股份经济合作社', origin: '白沙镇', price: 68, unit: '斤', description: '传统工艺晒制，无添加。', contactName: '林秀英', contactPhone: '13805710004', sort: 2 },
  { name: '梅溪乡民宿客房', type: 3, status: 2, producer: '梅溪乡民宿协会', origin: '梅溪乡', price: 260, unit: '间/晚', description: '溪畔民宿，提供农家餐饮。', contactName: '张梅', contactPhone: '13805710005', sort: 3 },
  { name: '求购有机肥料', type: 2, status: 1, producer: '云山镇高坪村茶叶合作社', origin: '云山镇', price: null, unit: '吨', description: '求购有机肥料约50吨。', contactName: '吴云', contactPhone: '13805710003', sort: 4 },
  { name: '龙潭笋竹加工设备', type: 1, status: 3, closeReason: 1, producer: '龙潭乡农机站', origin: '龙潭乡', price: 12000, unit: '台', description: '二手加工设备，已成交。', contactName: '黄强', contactPhone: '13805710006', sort: 5 },
];

/** Demo records of 名人录, 热门推荐, 产业项目 and 特色产品 (docs/spec-calls.md). */
export async function localEconomyDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const has = (name: string) => ctx.decls.some((d) => d.name === name);
  const p = ctx.people[0];
  const owner = p ? { deptId: p.deptId, deptName: p.deptName, creatorId: p.userId, creatorName: p.name } : {};
  const stamp = { createTime: ctx.now, updateTime: ctx.now };
  const api = seedApi(db, ctx.decls);
  if (has('celebrity')) await api.seed('celebrity', CELEBRITIES.map((c) => ({ ...c, photo: null, status: 1, ...owner, ...stamp })));
  if (has('popula')) await api.seed('popula', POPULA.map((x) => ({ ...x, icon: null, status: 1, ...owner, ...stamp })));
  if (has('industrialProjects')) {
    const rows = PROJECTS.map((x) => (x.source === 2 ? { ...x, queryCode: newQueryCode(), reviewRemark: null, ...stamp } : { ...x, queryCode: null, reviewRemark: '符合县重点项目入库条件', ...owner, ...stamp }));
    await api.seed('industrialProjects', rows);
  }
  if (has('product')) await api.seed('product', PRODUCTS.map((x) => ({ closeReason: null, ...x, image: null, ...owner, ...stamp })));
}

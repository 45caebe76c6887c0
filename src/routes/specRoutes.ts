import type { AppKey } from '../../providers/types';

/**
 * The routes of the spec's screen tables (part 1 §2), per app, as plain data. The apps mount every one
 * (src/routes/appRoutes.tsx); the browser test tests/browser/spec-routes.test.ts visits every one; the
 * table of docs/routes.md says which screen each opens. Routes are hash routes: `#/main/article/essay`.
 */
export interface SpecRoute {
  /** The route as the spec writes it (the home tabs `/main/home: audit` as `/main/home/audit`). */
  readonly path: string;
  /** What the spec says the screen is, in the UI's words. */
  readonly label: string;
  /**
   * Set when the route has no screen of its own and opens another route of the app: the shell and home
   * routes open the dashboard (`/`), 分配用户 is a dialog of the role screen.
   */
  readonly opens?: string;
}

const ADMIN: readonly SpecRoute[] = [
  { path: '/', label: '登录（已登录时为首页）' },
  { path: '/main', label: '管理系统', opens: '/' },
  { path: '/main/home', label: '首页', opens: '/' },
  { path: '/main/home/audit', label: '待审文章' },
  { path: '/main/home/column', label: '栏目统计' },
  { path: '/main/home/dispatch', label: '发稿统计' },
  { path: '/main/home/staticData', label: '数据统计' },
  { path: '/main/home/reportData', label: '数据分析' },
  { path: '/main/home/thisArticleStatistics', label: '文章统计' },
  { path: '/main/bbs/staticData', label: '论坛统计（实时）' },
  { path: '/main/bbs/staticDataHistory', label: '论坛统计（历史）' },
  { path: '/main/article/column', label: '栏目管理' },
  { path: '/main/article/essay', label: '文章管理' },
  { path: '/main/article/report', label: '报送管理' },
  { path: '/main/article/static', label: '静态生成' },
  { path: '/main/article/grandTotal', label: '地区生产总值' },
  { path: '/main/article/householdConsumption', label: '人民生活' },
  { path: '/main/article/demographicData', label: '人口数据' },
  { path: '/main/article/industrialData', label: '工业和建筑业' },
  { path: '/main/article/revenueData', label: '就业' },
  { path: '/main/article/grainData', label: '粮食' },
  { path: '/main/article/domesticTrade', label: '国内贸易' },
  { path: '/main/article/foreignTrade', label: '对外贸易' },
  { path: '/main/interact/LeaderMailbox', label: '领导信箱' },
  { path: '/main/interact/LeaderMailbox/mailBoxEditor', label: '信件详情' },
  { path: '/main/interact/problemExamine', label: '问卷调查' },
  { path: '/main/interact/addProblem', label: '新建问卷' },
  { path: '/main/interact/advice', label: '意见征集主题' },
  { path: '/main/interact/suggest', label: '建议征集' },
  { path: '/main/interact/apply', label: '依申请公开' },
  { path: '/main/interact/applyPerson', label: '申请详情' },
  { path: '/main/interact/vipPeople', label: '会员中心' },
  { path: '/main/interact/plateManage', label: '论坛版块' },
  { path: '/main/interact/themeManage', label: '论坛主题' },
  { path: '/main/interact/noticeManage', label: '通知管理' },
  { path: '/main/interact/questAnswerList', label: '问答列表' },
  { path: '/main/interact/keywordList', label: '关键词' },
  { path: '/main/interact/theInquiryStatistics', label: '咨询统计' },
  { path: '/main/system/getMenu', label: '菜单管理' },
  { path: '/main/system/department', label: '部门管理' },
  { path: '/main/system/dataDict', label: '数据字典' },
  { path: '/main/system/dataDictDetail', label: '数据字典详情' },
  { path: '/main/system/role', label: '角色管理' },
  { path: '/main/system/user', label: '用户管理' },
  { path: '/main/system/template', label: '模板管理' },
  // 分配用户 is the «用户» dialog of a role row (the generic members dialog, resources/role.ts): the route opens the role list.
  { path: '/main/system/disUser', label: '分配用户', opens: '/main/system/role' },
  { path: '/main/system/templateEditor', label: '模板编辑' },
  { path: '/main/system/tempContent', label: '模板详情' },
  { path: '/main/system/templateFile', label: '模板文件' },
  { path: '/main/system/CustomModel', label: '自定义模型' },
  { path: '/main/system/ModelDetails', label: '自定义模型详情' },
  { path: '/main/system/siteSet', label: '站点设置' },
  { path: '/main/system/hotWord', label: '热词管理' },
  { path: '/main/system/sensitiveWord', label: '敏感词' },
  { path: '/main/system/noticeSetting', label: '消息提醒设置' },
  { path: '/main/system/userOperationLogInfo', label: '操作日志' },
  { path: '/main/siteMonitoring/monitorAndManager', label: '站点监控' },
  { path: '/main/siteMonitoring/inspectionRecord', label: '巡检记录' },
  { path: '/main/siteMonitoring/serverStatus', label: '服务器状态' },
];

/**
 * The reporting app's hash routes (screens, not API calls: the API's /api/report/… calls are declared in
 * resources/report.ts). Its pages mount and link to these.
 */
export const REPORT_ROUTES = {
  app: '/report',
  home: '/report/home',
  audit: '/report/home/audit',
  myList: '/report/article/reportList',
  info: '/report/article/infoReport',
  statistics: '/report/article/statistics',
} as const;

const REPORT: readonly SpecRoute[] = [
  { path: '/', label: '登录（已登录时为工作台）' },
  { path: REPORT_ROUTES.app, label: '报送系统', opens: '/' },
  { path: REPORT_ROUTES.home, label: '工作台', opens: '/' },
  { path: REPORT_ROUTES.audit, label: '文章审核' },
  { path: REPORT_ROUTES.myList, label: '我的报送' },
  { path: REPORT_ROUTES.info, label: '信息报送' },
  { path: REPORT_ROUTES.statistics, label: '报送统计' },
];

export const SPEC_ROUTES: Readonly<Record<AppKey, readonly SpecRoute[]>> = { adminSite: ADMIN, reportSite: REPORT };

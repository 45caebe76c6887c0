import { defineResource } from './define';

/**
 * 站点设置: one record describing the portal (name, domain, 网站标识码, filing numbers, sponsor, contacts,
 * SEO texts, statistics code, mourning mode, the skin in use). The static pages take their government
 * meta tags (SiteName, SiteDomain, SiteIDCode, Keywords, Description) from it. Served by
 * server/modules/system/siteSettings (docs/system-settings.md); the screen is one form.
 */
export default defineResource({
  name: 'siteSetting',
  table: 'site_setting',
  label: '站点设置',
  icon: 'Tune',
  idField: 'id',
  titleField: 'siteName',
  routes: 'module',
  api: {
    list: { path: '/site/setting/get' },
    get: { path: '/site/setting/get', id: 'query' },
    update: { path: '/site/setting/save' },
    extra: {
      publicInfo: { path: '/web/site/info', label: '站点公开信息' },
      // The settings screen reads and saves the one record without an id.
      current: { path: '/site/setting/get', label: '读取' },
      save: { path: '/site/setting/save', label: '保存' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'siteName', label: '网站名称', type: 'text', required: true, maxLength: 100, default: '云溪县人民政府门户网站' },
    { name: 'siteDomain', label: '网站域名', type: 'text', maxLength: 200, help: '不含 http://，例如 www.yunxi.gov.cn' },
    { name: 'siteIdCode', label: '网站标识码', type: 'text', maxLength: 10, help: '10位数字或字母，由政府网站管理部门分配' },
    { name: 'icp', label: 'ICP备案号', type: 'text', maxLength: 50 },
    { name: 'policeRecord', label: '公安备案号', type: 'text', maxLength: 50 },
    { name: 'sponsor', label: '主办单位', type: 'text', maxLength: 100 },
    { name: 'organizer', label: '承办单位', type: 'text', maxLength: 100 },
    { name: 'phone', label: '联系电话', type: 'text', maxLength: 50 },
    { name: 'address', label: '地址', type: 'text', maxLength: 200 },
    { name: 'email', label: '邮箱', type: 'text', maxLength: 100 },
    { name: 'logo', label: '网站Logo', type: 'image', maxLength: 500 },
    { name: 'homeTitle', label: '首页标题', type: 'text', maxLength: 100 },
    { name: 'keywords', label: '关键词', type: 'text', maxLength: 200, help: '多个关键词用英文逗号分隔' },
    { name: 'description', label: '描述', type: 'textarea', maxLength: 500 },
    { name: 'statCode', label: '网站统计代码', type: 'textarea', maxLength: 5000, help: '粘贴统计服务提供的代码即可（百度统计、CNZZ、51.la、找错、党政机关标识）：外部脚本改为 https 的 <script src>，内联脚本中的统计脚本地址会被提取；网站安全策略不允许内联脚本，保存时移除' },
    {
      name: 'grayMode',
      label: '灰色模式',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '关闭' },
        { value: 1, label: '开启' },
      ],
      help: '开启后门户网站整体显示为灰色（哀悼日）',
    },
    { name: 'templateSkin', label: '当前模板', type: 'text', maxLength: 100, default: 'default' },
    { name: 'updaterName', label: '最后修改人', type: 'text', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: { columns: ['siteName', 'siteDomain', 'updateTime'], filters: [], sortable: [], defaultSort: { field: 'id', order: 'ASC' } },
  form: ['siteName', 'siteDomain', 'siteIdCode', 'icp', 'policeRecord', 'sponsor', 'organizer', 'phone', 'address', 'email', 'logo', 'homeTitle', 'keywords', 'description', 'statCode', 'grayMode', 'templateSkin'],
  permissions: { list: 'siteSetting:get', get: 'siteSetting:get', create: 'siteSetting:update', update: 'siteSetting:update', delete: 'siteSetting:update' },
  menu: { group: 'system', path: '/main/system/siteSet', sort: 75 },
});

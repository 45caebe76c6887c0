import { defineResource } from './define';

/** Fields the public site may read (POST /web/site/info); everything but who changed it and when. */
export const PUBLIC_SITE_FIELDS = [
  'siteName', 'siteDomain', 'siteIdCode', 'icp', 'policeRecord', 'sponsor', 'organizer', 'phone', 'address', 'email',
  'conacImage', 'conacLink', 'logo', 'homeTitle', 'keywords', 'description', 'statCode', 'grayMode', 'templateSkin',
] as const;

/**
 * 站点设置: the one place of the portal's identity (国办发〔2017〕47号): name, domain, 网站标识码, sponsor and
 * organiser, contacts, ICP and 公安机关 filing numbers, the 党政机关网站标识 and its link; SEO texts,
 * statistics code, mourning mode, the skin in use. The generated pages' footer and meta tags, the annual
 * report and monitoring's identity check read it (server/shared/siteIdentity.ts). A singleton on the generic
 * routes, its rules in server/entities/siteSetting.ts; /web/site/info the declared read of PUBLIC_SITE_FIELDS
 * (docs/system-settings.md); the screen is one form.
 */
export default defineResource({
  name: 'siteSetting',
  table: 'site_setting',
  label: '站点设置',
  icon: 'Tune',
  idField: 'id',
  titleField: 'siteName',
  singleton: true,
  api: {
    list: { path: '/site/setting/get' },
    get: { path: '/site/setting/get', id: 'query' },
    update: { path: '/site/setting/save' },
    extra: {
      // The public site's subset, without login (a declared read, server/crud/reads/).
      publicInfo: { path: '/web/site/info', label: '站点公开信息', reads: { shape: 'record', who: 'public', fields: PUBLIC_SITE_FIELDS } },
      // The settings screen reads and saves the one record without an id.
      current: { path: '/site/setting/get', label: '读取' },
      save: { path: '/site/setting/save', label: '保存' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'siteName', label: '网站名称', type: 'text', required: true, maxLength: 100, default: '云溪县人民政府门户网站', help: '显示在页面标题和页脚，写入每个页面的“网站名称”元数据' },
    { name: 'siteDomain', label: '网站域名', type: 'text', maxLength: 200, help: '不含 http://，例如 www.yunxi.gov.cn；写入“网站域名”元数据，页面地址由它组成' },
    { name: 'siteIdCode', label: '网站标识码', type: 'text', maxLength: 10, help: '10位数字或字母，由政府网站管理部门分配；显示在页脚，“我为政府网站找错”链接也用它' },
    { name: 'sponsor', label: '主办单位', type: 'text', maxLength: 100, help: '负责网站的政府机关，显示在页脚' },
    { name: 'organizer', label: '承办单位', type: 'text', maxLength: 100, help: '负责网站日常运行维护的单位，显示在页脚' },
    { name: 'phone', label: '联系电话', type: 'text', maxLength: 50, help: '例如 0870-1234567，显示在页脚' },
    { name: 'address', label: '联系地址', type: 'text', maxLength: 200, help: '主办单位的通信地址，显示在页脚' },
    { name: 'email', label: '联系邮箱', type: 'text', maxLength: 100 },
    { name: 'icp', label: 'ICP备案号', type: 'text', maxLength: 50, help: '例如 滇ICP备12345678号；页脚链接到工业和信息化部备案查询网站' },
    { name: 'policeRecord', label: '公安机关备案号', type: 'text', maxLength: 50, help: '例如 滇公网安备53012302000123号；页脚链接到全国互联网安全管理服务平台查询' },
    { name: 'conacImage', label: '党政机关网站标识', type: 'image', maxLength: 500, help: '开办单位取得的党政机关网站标识图片，显示在页脚' },
    { name: 'conacLink', label: '党政机关网站标识链接', type: 'url', maxLength: 500, help: '点击标识打开的核验地址，由党政机关网站标识管理机构提供' },
    { name: 'logo', label: '网站标志', type: 'image', maxLength: 500, help: '页头显示的网站标志图片' },
    { name: 'homeTitle', label: '首页标题', type: 'text', maxLength: 100 },
    { name: 'keywords', label: '关键词', type: 'text', maxLength: 200, help: '多个关键词用英文逗号分隔；页面没有自己的关键词时使用' },
    { name: 'description', label: '描述', type: 'textarea', maxLength: 500, help: '网站简介；页面没有自己的摘要时作为页面描述' },
    { name: 'statCode', label: '网站统计代码', type: 'textarea', maxLength: 5000, help: '粘贴统计服务提供的代码即可（百度统计、友盟、51啦等）：外部脚本地址改为 https，内联脚本中的统计脚本地址会被提取；网站安全策略不允许内联脚本，保存时移除' },
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
    // The skins of the template module (a text box for a role without template:list).
    { name: 'templateSkin', label: '当前模板', type: 'text', maxLength: 100, default: 'default', choicesFrom: { path: '/api/template/query/app/skin', method: 'GET', value: 'name' } },
    { name: 'updaterName', label: '最后修改人', type: 'text', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: { columns: ['siteName', 'siteDomain', 'updateTime'], filters: [], sortable: [], defaultSort: { field: 'id', order: 'ASC' } },
  form: ['siteName', 'siteDomain', 'siteIdCode', 'sponsor', 'organizer', 'phone', 'address', 'email', 'icp', 'policeRecord', 'conacImage', 'conacLink', 'logo', 'homeTitle', 'keywords', 'description', 'statCode', 'grayMode', 'templateSkin'],
  permissions: { list: 'siteSetting:get', get: 'siteSetting:get', create: 'siteSetting:update', update: 'siteSetting:update', delete: 'siteSetting:update' },
  menu: { group: 'system', path: '/main/system/siteSet', sort: 75 },
});

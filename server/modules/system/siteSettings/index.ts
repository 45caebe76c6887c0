// 站点设置's calls are generic (the singleton's get and save, /web/site/info a declared read: resources/siteSetting.ts).
// Read by generation and templates too, so they live in server/shared (no siteSettings↔templates circle).
export { defaultSiteSettings, PUBLIC_SITE_FIELDS, readSiteSettings } from '../../../shared/siteSettings.js';

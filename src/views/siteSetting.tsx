import type { ResourceViews } from '../generic/resourceViews';
import { SiteSettingForm } from '../pages/siteSet';

/** 站点设置 has no list: the menu entry (alias siteSetting) opens the one form of src/pages/siteSet.tsx. */
const views: ResourceViews = { list: SiteSettingForm, edit: SiteSettingForm, show: SiteSettingForm };
export default views;

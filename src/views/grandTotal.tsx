import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { ResourceViews } from '../generic/resourceViews';

/** 地区生产总值 (/main/article/grandTotal): the economic-data screen replaces the generic list and forms. */
const views: ResourceViews = { list: () => <EconomicScreen areaKey="grandTotal" /> };
export default views;

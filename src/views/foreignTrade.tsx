import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { ResourceViews } from '../generic/resourceViews';

/** 对外贸易 (/main/article/foreignTrade): the economic-data screen replaces the generic list and forms. */
const views: ResourceViews = { list: () => <EconomicScreen areaKey="foreignTrade" /> };
export default views;

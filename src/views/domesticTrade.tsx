import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { ResourceViews } from '../generic/resourceViews';

/** 国内贸易 (/main/article/domesticTrade): the economic-data screen replaces the generic list and forms. */
const views: ResourceViews = { list: () => <EconomicScreen areaKey="domesticTrade" /> };
export default views;

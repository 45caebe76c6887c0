import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { ResourceViews } from '../generic/resourceViews';

/** 人民生活 (/main/article/householdConsumption): the economic-data screen replaces the generic list and forms. */
const views: ResourceViews = { list: () => <EconomicScreen areaKey="householdConsumption" /> };
export default views;

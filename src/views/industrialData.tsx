import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { ResourceViews } from '../generic/resourceViews';

/** 工业和建筑业 (/main/article/industrialData): the economic-data screen replaces the generic list and forms. */
const views: ResourceViews = { list: () => <EconomicScreen areaKey="industrialData" /> };
export default views;

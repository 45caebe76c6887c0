import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 工业和建筑业: the spec's route; the same screen is the list view of the resource `industrialData`. */
const page: PageDecl = { path: '/main/article/industrialData', component: () => <EconomicScreen areaKey="industrialData" /> };
export default page;

import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 就业: the spec's route; the same screen is the list view of the resource `revenueData`. */
const page: PageDecl = { path: '/main/article/revenueData', component: () => <EconomicScreen areaKey="revenueData" /> };
export default page;

import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 人民生活: the spec's route; the same screen is the list view of the resource `householdConsumption`. */
const page: PageDecl = { path: '/main/article/householdConsumption', component: () => <EconomicScreen areaKey="householdConsumption" /> };
export default page;

import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 人口数据: the spec's route; the same screen is the list view of the resource `demographicData`. */
const page: PageDecl = { path: '/main/article/demographicData', component: () => <EconomicScreen areaKey="demographicData" /> };
export default page;

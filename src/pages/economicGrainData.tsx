import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 粮食: the spec's route; the same screen is the list view of the resource `grainData`. */
const page: PageDecl = { path: '/main/article/grainData', component: () => <EconomicScreen areaKey="grainData" /> };
export default page;

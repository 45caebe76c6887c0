import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 国内贸易: the spec's route; the same screen is the list view of the resource `domesticTrade`. */
const page: PageDecl = { path: '/main/article/domesticTrade', component: () => <EconomicScreen areaKey="domesticTrade" /> };
export default page;

import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 对外贸易: the spec's route; the same screen is the list view of the resource `foreignTrade`. */
const page: PageDecl = { path: '/main/article/foreignTrade', component: () => <EconomicScreen areaKey="foreignTrade" /> };
export default page;

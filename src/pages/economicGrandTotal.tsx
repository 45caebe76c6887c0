import { EconomicScreen } from '../components/economic/EconomicScreen';
import type { PageDecl } from '../pages';

/** 地区生产总值: the spec's route; the same screen is the list view of the resource `grandTotal`. */
const page: PageDecl = { path: '/main/article/grandTotal', component: () => <EconomicScreen areaKey="grandTotal" /> };
export default page;

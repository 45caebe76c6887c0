import { economicArea } from './economic/area';

/** 就业 (/main/article/revenueData): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('revenueData');

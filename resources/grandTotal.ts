import { economicArea } from './economic/area';

/** 地区生产总值 (/main/article/grandTotal): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('grandTotal');

import { economicArea } from './economic/area';

/** 国内贸易 (/main/article/domesticTrade): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('domesticTrade');

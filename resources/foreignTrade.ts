import { economicArea } from './economic/area';

/** 对外贸易 (/main/article/foreignTrade): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('foreignTrade');

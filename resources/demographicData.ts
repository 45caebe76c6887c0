import { economicArea } from './economic/area';

/** 人口数据 (/main/article/demographicData): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('demographicData');

import { economicArea } from './economic/area';

/** 粮食 (/main/article/grainData): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('grainData');

import { economicArea } from './economic/area';

/** 人民生活 (/main/article/householdConsumption): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('householdConsumption');

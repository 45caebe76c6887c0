import { economicArea } from './economic/area';

/** 工业和建筑业 (/main/article/industrialData): figures per year, quarter or month; see docs/economic-data.md. */
export default economicArea('industrialData');

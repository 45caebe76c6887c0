import { BrokenLinks } from '../components/monitoring/BrokenLinks';

/** 巡检记录: the links a link check found, under the generic show view (resources/inspectionRecord.ts showPanels). */
export default BrokenLinks;

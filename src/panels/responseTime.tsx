import { ResponseTimePanel } from '../components/monitoring/ResponseTimePanel';

/** 巡检记录: the response time of a chosen site, above the generic list (resources/inspectionRecord.ts listPanels). */
export default ResponseTimePanel;

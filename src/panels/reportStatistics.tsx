import { ReportStatistics } from '../pages/reportStatistics';

/** 报送管理's 报送统计 under the list (resources/report.ts `listPanels`): the reporting app's statistics. */
export default function ReportStatisticsPanel() {
  return <ReportStatistics />;
}

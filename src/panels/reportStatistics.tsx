import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ReportStatistics } from '../pages/reportStatistics';

/** 报送管理's 报送统计 (resources/report.ts `dialog`): the reporting app's statistics, in a dialog over the list. */
export default function ReportStatisticsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="report-statistics-title">
      <DialogTitle id="report-statistics-title">报送统计</DialogTitle>
      <DialogContent>
        <ReportStatistics />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}

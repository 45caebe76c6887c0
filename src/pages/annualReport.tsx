import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCanAccess } from 'react-admin';
import { type AnnualReportRow, monitoringCalls } from '../../resources/calls/monitoring';
import { AnnualReportTable } from '../components/monitoring/AnnualReportTable';
import { useMonitorCall } from '../components/monitoring/useMonitorCall';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';

interface Report {
  year: number;
  siteName: string;
  rows: AnnualReportRow[];
  updateTime: string | null;
  updaterName: string | null;
}

const thisYear = new Date().getFullYear();
// Due by 31 January: in January the report of the year just ended is the one to prepare.
const defaultYear = new Date().getMonth() === 0 ? thisYear - 1 : thisYear;

/** 年度报表 (国办函〔2018〕12号): preview of the figures, staff fields saved, Word and Excel downloads. */
function AnnualReport() {
  const [year, setYear] = useState(defaultYear);
  const report = useMonitorCall<Report>(monitoringCalls.annualReport, { year });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canSave } = useCanAccess({ resource: 'annualReport', action: 'annualReport:save' });
  useEffect(() => {
    const staff = (report.data?.rows ?? []).filter((r) => r.source === 'staff');
    setDraft(Object.fromEntries(staff.map((r) => [r.key, String(r.value ?? '')])));
  }, [report.data]);
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.call(monitoringCalls.annualReportSave, { body: { year, fields: draft } });
      success('保存成功');
      report.reload();
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };
  const download = async (kind: 'word' | 'excel') => {
    try {
      const name = `政府网站工作年度报表${year}.${kind === 'word' ? 'docx' : 'xlsx'}`;
      await dataProvider.exportExcel((kind === 'word' ? monitoringCalls.annualReportWord : monitoringCalls.annualReportExcel).path, { year }, name);
    } catch (e) {
      onError(e);
    }
  };
  const d = report.data;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="年度报表" />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">
            政府网站工作年度报表
          </Typography>
          <TextField select size="small" label="年度" value={year} onChange={(e) => setYear(Number(e.target.value))} sx={{ width: 120 }}>
            {Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => (
              <MenuItem key={y} value={y}>
                {y}年
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            须于次年1月31日前在网站公开{d?.updateTime ? `；填报于${d.updateTime}（${d.updaterName ?? ''}）` : ''}
          </Typography>
          <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
            <Button variant="outlined" size="small" onClick={() => void download('word')}>
              导出Word
            </Button>
            <Button variant="outlined" size="small" onClick={() => void download('excel')}>
              导出Excel
            </Button>
            {canSave && (
              <Button variant="contained" size="small" disabled={saving || !d} onClick={() => void save()}>
                保存填报
              </Button>
            )}
          </Box>
        </Box>
        {report.error && <Alert severity="error">{report.error}</Alert>}
        {d && <AnnualReportTable rows={d.rows} draft={draft} canSave={canSave === true} onChange={(key, value) => setDraft({ ...draft, [key]: value })} />}
      </CardContent>
    </Card>
  );
}

export default { path: '/main/siteMonitoring/annualReport', component: AnnualReport } satisfies PageDecl;

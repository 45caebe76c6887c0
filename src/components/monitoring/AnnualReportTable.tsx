import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnnualReportRow } from '../../../resources/calls/monitoring';

const SOURCE_LABEL: Record<AnnualReportRow['source'], string> = { auto: '系统统计', na: '不适用（政务服务由省政务服务平台办理）', staff: '人工填报' };

interface Props {
  rows: AnnualReportRow[];
  /** The staff lines' values as typed. */
  draft: Record<string, string>;
  canSave: boolean;
  onChange: (key: string, value: string) => void;
}

function Value({ row, draft, canSave, onChange }: Omit<Props, 'rows'> & { row: AnnualReportRow }) {
  if (row.source === 'na') return <>不适用</>;
  if (row.source === 'auto') return <>{`${row.value}${row.unit && row.value !== '' ? ` ${row.unit}` : ''}`}</>;
  return (
    <TextField
      size="small"
      fullWidth
      disabled={!canSave}
      value={draft[row.key] ?? ''}
      onChange={(e) => onChange(row.key, e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': row.label, maxLength: 500 },
        input: row.unit ? { endAdornment: <Typography variant="caption">{row.unit}</Typography> } : undefined,
      }}
    />
  );
}

/** 类别 · 指标 · 数值 · 来源, with the staff lines editable for those who may save. */
export function AnnualReportTable({ rows, ...edit }: Props) {
  return (
    <Table size="small" data-testid="annual-report-table">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 180 }}>类别</TableCell>
          <TableCell sx={{ width: 320 }}>指标</TableCell>
          <TableCell>数值</TableCell>
          <TableCell sx={{ width: 100 }}>来源</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell>{r.section}</TableCell>
            <TableCell>{r.label}</TableCell>
            <TableCell>
              <Value row={r} {...edit} />
            </TableCell>
            <TableCell>{SOURCE_LABEL[r.source]}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

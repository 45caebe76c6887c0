import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext } from 'react-admin';

/**
 * 部门管理: the selected department's parent, users and children, from what its get answers
 * (server/entities/department.ts afterGet); named by resources/department.ts `showPanels`.
 */
export default function DeptCounts() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Chip size="small" label={`上级：${String(record.parentName ?? '无')}`} />
      <Chip size="small" label={`用户 ${String(record.userCount ?? 0)} 人`} />
      <Chip size="small" label={`下级 ${String(record.childCount ?? 0)} 个`} />
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PasswordType } from './PasswordTypesPanel';

/** 密码类型's table: name, character class, remark, update time and, for those who may, 编辑. */
export function TypesTable({ types, canEdit, onEdit }: { types: PasswordType[]; canEdit: boolean; onEdit: (t: PasswordType) => void }) {
  return (
    <Table size="small" aria-label="密码类型">
      <TableHead>
        <TableRow>
          <TableCell>类型名称</TableCell>
          <TableCell>字符规则</TableCell>
          <TableCell>备注</TableCell>
          <TableCell>更新时间</TableCell>
          {canEdit && <TableCell align="right">操作</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {types.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} align="center">
              暂无数据（按默认的四类字符计算）
            </TableCell>
          </TableRow>
        )}
        {types.map((t) => (
          <TableRow key={t.id} data-testid="password-type">
            <TableCell>{t.name}</TableCell>
            <TableCell>
              <Box component="code" sx={{ fontFamily: 'monospace' }}>
                {t.pattern}
              </Box>
            </TableCell>
            <TableCell>{t.remark ?? ''}</TableCell>
            <TableCell>{t.updateTime ?? ''}</TableCell>
            {canEdit && (
              <TableCell align="right">
                <Button size="small" onClick={() => onEdit(t)}>
                  编辑
                </Button>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

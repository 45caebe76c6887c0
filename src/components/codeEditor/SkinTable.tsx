import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useNavigate } from 'react-admin';
import { templateLinks, type SkinInfo } from './templateApi';

interface Props {
  /** null while loading. */
  skins: SkinInfo[] | null;
  /** The page shown (searched and paged by the screen). */
  shown: SkinInfo[];
  failed: boolean;
  canSetSkin: boolean;
  canDelete: boolean;
  onUse: (skin: SkinInfo) => void;
  onDelete: (skin: SkinInfo) => void;
}

/** The skins' table with its loading, empty and failed states. The skin in use cannot be deleted or chosen again. */
export function SkinTable({ skins, shown, failed, canSetSkin, canDelete, onUse, onDelete }: Props) {
  const navigate = useNavigate();
  if (skins === null)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
        <CircularProgress size={20} /> 正在加载…
      </Box>
    );
  if (skins.length === 0) return <Alert severity={failed ? 'error' : 'info'}>{failed ? '加载失败' : '暂无数据'}</Alert>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>模板名称</TableCell>
          <TableCell>文件数</TableCell>
          <TableCell>最后修改</TableCell>
          <TableCell>状态</TableCell>
          <TableCell align="right">操作</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {shown.map((s) => (
          <TableRow key={s.path} hover>
            <TableCell>{s.name}</TableCell>
            <TableCell>{s.fileCount}</TableCell>
            <TableCell>{s.updateTime}</TableCell>
            <TableCell>{s.inUse ? <Chip size="small" color="success" label="当前模板" /> : <Chip size="small" label="未使用" />}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => navigate(templateLinks.folder(s.path))}>
                模板文件
              </Button>
              {canSetSkin && !s.inUse && (
                <Button size="small" onClick={() => onUse(s)}>
                  设为当前模板
                </Button>
              )}
              {canDelete && !s.inUse && (
                <Button size="small" color="error" onClick={() => onDelete(s)}>
                  删除
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

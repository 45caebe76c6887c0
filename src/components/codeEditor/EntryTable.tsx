import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import { useNavigate } from 'react-admin';
import { formatSize, isTextFile, templateLinks, type TemplateEntry } from './templateApi';

interface Props {
  /** null while loading. */
  entries: TemplateEntry[] | null;
  failed: boolean;
  canWrite: boolean;
  canDelete: boolean;
  onDelete: (entry: TemplateEntry) => void;
}

/** An entry's 操作: open a folder; view or edit a text file; delete either. */
function EntryActions({ entry, canWrite, canDelete, onDelete }: { entry: TemplateEntry } & Omit<Props, 'entries' | 'failed'>) {
  const navigate = useNavigate();
  const isDir = entry.type === 'DIR';
  return (
    <>
      {isDir && (
        <Button size="small" onClick={() => navigate(templateLinks.folder(entry.path))}>
          打开
        </Button>
      )}
      {!isDir && isTextFile(entry.name) && (
        <>
          <Button size="small" onClick={() => navigate(templateLinks.view(entry.path))}>
            查看
          </Button>
          {canWrite && (
            <Button size="small" onClick={() => navigate(templateLinks.edit(entry.path))}>
              编辑
            </Button>
          )}
        </>
      )}
      {canDelete && (
        <Button size="small" color="error" onClick={() => onDelete(entry)}>
          删除
        </Button>
      )}
    </>
  );
}

/** One folder's entries (folders first, as the server sends them) with its loading, empty and failed states. */
export function EntryTable({ entries, failed, ...actions }: Props) {
  const navigate = useNavigate();
  if (entries === null)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
        <CircularProgress size={20} /> 正在加载…
      </Box>
    );
  if (entries.length === 0) return <Alert severity={failed ? 'error' : 'info'}>{failed ? '加载失败' : '暂无文件'}</Alert>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>名称</TableCell>
          <TableCell>类型</TableCell>
          <TableCell>大小</TableCell>
          <TableCell>修改时间</TableCell>
          <TableCell align="right">操作</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => {
          const isDir = e.type === 'DIR';
          return (
            <TableRow key={e.path} hover data-entry-type={e.type}>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {isDir ? <FolderIcon fontSize="small" color="warning" /> : <DescriptionIcon fontSize="small" color="action" />}
                  {isDir ? (
                    <Link component="button" underline="hover" onClick={() => navigate(templateLinks.folder(e.path))}>
                      {e.name}
                    </Link>
                  ) : (
                    e.name
                  )}
                </Box>
              </TableCell>
              <TableCell>{isDir ? '文件夹' : '文件'}</TableCell>
              <TableCell>{isDir ? '-' : formatSize(e.size)}</TableCell>
              <TableCell>{e.updateTime}</TableCell>
              <TableCell align="right">
                <EntryActions entry={e} {...actions} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

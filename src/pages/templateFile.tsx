import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, useLocation, useNavigate } from 'react-admin';
import { emitWarningToast } from '../../providers';
import type { PageDecl } from '../pages';
import { formatSize, isTextFile, templateApi, templateLinks, TEMPLATE_KEYS, type TemplateEntry } from '../components/codeEditor/templateApi';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

/** 模板文件: one folder of the templates root, with breadcrumbs; folders listed before files. */
function TemplateFiles() {
  const location = useLocation();
  const navigate = useNavigate();
  const success = useSuccessNotifier();
  const folder = new URLSearchParams(location.search).get('folder') ?? '';
  const { canAccess: canWrite } = useCanAccess({ action: TEMPLATE_KEYS.write, resource: 'template' });
  const { canAccess: canDelete } = useCanAccess({ action: TEMPLATE_KEYS.delete, resource: 'template' });
  const [entries, setEntries] = useState<TemplateEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<'file' | 'folder' | null>(null);
  const [name, setName] = useState('');
  const [toDelete, setToDelete] = useState<TemplateEntry | null>(null);

  const load = useCallback(() => {
    setEntries(null);
    setFailed(false);
    templateApi.list(folder).then(setEntries, () => {
      setEntries([]);
      setFailed(true);
    });
  }, [folder]);
  useEffect(load, [load]);

  const segments = folder ? folder.split('/') : [];
  const join = (n: string) => (folder ? `${folder}/${n}` : n);

  const submit = async () => {
    const n = name.trim();
    if (!n) return;
    if (entries?.some((e) => e.name === n)) {
      emitWarningToast(`已存在同名文件或文件夹：${n}`);
      return;
    }
    if (dialog === 'file') {
      setDialog(null);
      setName('');
      navigate(templateLinks.edit(join(n), true));
      return;
    }
    try {
      await templateApi.mkdir(join(n));
      success('新建成功');
      setDialog(null);
      setName('');
      load();
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="模板文件" />
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <Breadcrumbs aria-label="当前位置">
            <Link component="button" underline="hover" onClick={() => navigate(templateLinks.skins())}>
              模板管理
            </Link>
            {segments.map((s, i) => {
              const p = segments.slice(0, i + 1).join('/');
              return i === segments.length - 1 ? (
                <Typography key={p} color="text.primary">{s}</Typography>
              ) : (
                <Link key={p} component="button" underline="hover" onClick={() => navigate(templateLinks.folder(p))}>
                  {s}
                </Link>
              );
            })}
          </Breadcrumbs>
          {canWrite && (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" onClick={() => setDialog('folder')}>新建文件夹</Button>
              <Button variant="contained" onClick={() => setDialog('file')}>新建文件</Button>
            </Box>
          )}
        </Box>
        {entries === null ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
            <CircularProgress size={20} /> 正在加载…
          </Box>
        ) : entries.length === 0 ? (
          <Alert severity={failed ? 'error' : 'info'}>{failed ? '加载失败' : '暂无文件'}</Alert>
        ) : (
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
              {entries.map((e) => (
                <TableRow key={e.path} hover data-entry-type={e.type}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      {e.type === 'DIR' ? <FolderIcon fontSize="small" color="warning" /> : <DescriptionIcon fontSize="small" color="action" />}
                      {e.type === 'DIR' ? (
                        <Link component="button" underline="hover" onClick={() => navigate(templateLinks.folder(e.path))}>
                          {e.name}
                        </Link>
                      ) : (
                        e.name
                      )}
                    </Box>
                  </TableCell>
                  <TableCell>{e.type === 'DIR' ? '文件夹' : '文件'}</TableCell>
                  <TableCell>{e.type === 'DIR' ? '-' : formatSize(e.size)}</TableCell>
                  <TableCell>{e.updateTime}</TableCell>
                  <TableCell align="right">
                    {e.type === 'DIR' ? (
                      <Button size="small" onClick={() => navigate(templateLinks.folder(e.path))}>打开</Button>
                    ) : (
                      isTextFile(e.name) && (
                        <>
                          <Button size="small" onClick={() => navigate(templateLinks.view(e.path))}>查看</Button>
                          {canWrite && (
                            <Button size="small" onClick={() => navigate(templateLinks.edit(e.path))}>编辑</Button>
                          )}
                        </>
                      )
                    )}
                    {canDelete && (
                      <Button size="small" color="error" onClick={() => setToDelete(e)}>删除</Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        <DialogTitle>{dialog === 'file' ? '新建文件' : '新建文件夹'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={dialog === 'file' ? '文件名（如 special.html）' : '文件夹名称'}
            helperText={dialog === 'file' ? '支持 .html、.htm、.liquid、.css、.js、.txt' : undefined}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>取消</Button>
          <Button variant="contained" disabled={!name.trim() || (dialog === 'file' && !isTextFile(name.trim()))} onClick={submit}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={toDelete !== null}
        title="提示信息"
        content={toDelete?.type === 'DIR' ? `确定删除文件夹“${toDelete.name}”吗？只能删除空文件夹。` : `确定删除文件“${toDelete?.name ?? ''}”吗？删除后不能恢复。`}
        confirm="确定"
        cancel="取消"
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          const target = toDelete;
          setToDelete(null);
          if (!target) return;
          try {
            await templateApi.remove(target.path);
            success('删除成功');
            load();
          } catch {
            /* shown by the http client */
          }
        }}
      />
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/templateFile', component: TemplateFiles };
export default page;

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, useNavigate } from 'react-admin';
import { dataProvider } from '../data';
import type { PageDecl } from '../pages';
import { templateApi, templateLinks, TEMPLATE_KEYS, type SkinInfo } from '../components/codeEditor/templateApi';
import { PagingBar } from '../components/list/PagingBar';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { TemplateUpgrades } from '../components/codeEditor/TemplateUpgrades';

/** 模板管理: the skins (template sets) under the templates root; open one to browse its files. */
function TemplateSkins() {
  const navigate = useNavigate();
  const success = useSuccessNotifier();
  const { canAccess: canWrite } = useCanAccess({ action: TEMPLATE_KEYS.write, resource: 'template' });
  const { canAccess: canDelete } = useCanAccess({ action: TEMPLATE_KEYS.delete, resource: 'template' });
  const { canAccess: canSetSkin } = useCanAccess({ action: 'siteSetting:update', resource: 'siteSetting' });
  const [skins, setSkins] = useState<SkinInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [toDelete, setToDelete] = useState<SkinInfo | null>(null);
  const [toUse, setToUse] = useState<SkinInfo | null>(null);
  const [name, setName] = useState('');
  const [applied, setApplied] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  // The skins are few and come in one call: searched and paged here.
  const matching = (skins ?? []).filter((s) => s.name.includes(applied.trim()));
  const shown = matching.slice((paging.pageNum - 1) * paging.pageSize, paging.pageNum * paging.pageSize);

  const load = useCallback(() => {
    setFailed(false);
    templateApi.skins().then(setSkins, () => {
      setSkins([]);
      setFailed(true);
    });
  }, []);
  useEffect(load, [load]);

  const create = async () => {
    const name = newName.trim();
    if (!name) return;
    try {
      await templateApi.mkdir(name);
      success('新建成功');
      setCreating(false);
      setNewName('');
      load();
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="模板管理" />
      <CardContent>
        <PlainSearchForm onSearch={() => (setApplied(name), setPaging({ ...paging, pageNum: 1 }))} onReset={() => (setName(''), setApplied(''), setPaging({ ...paging, pageNum: 1 }))}>
          <TextField size="small" label="模板名称" value={name} onChange={(e) => setName(e.target.value)} />
        </PlainSearchForm>
        <PortalToolbar>
          {canWrite && (
            <Button variant="contained" size="small" onClick={() => setCreating(true)}>
              新建模板
            </Button>
          )}
        </PortalToolbar>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          每个模板是模板目录下的一个文件夹，静态页面按“当前模板”生成。
        </Typography>
        {skins === null ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
            <CircularProgress size={20} /> 正在加载…
          </Box>
        ) : skins.length === 0 ? (
          <Alert severity={failed ? 'error' : 'info'}>{failed ? '加载失败' : '暂无数据'}</Alert>
        ) : (
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
                      <Button size="small" onClick={() => setToUse(s)}>
                        设为当前模板
                      </Button>
                    )}
                    {canDelete && !s.inUse && (
                      <Button size="small" color="error" onClick={() => setToDelete(s)}>
                        删除
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <PagingBar total={matching.length} pageNum={paging.pageNum} pageSize={paging.pageSize} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
        <TemplateUpgrades canWrite={canWrite === true} />
      </CardContent>
      <Dialog open={creating} onClose={() => setCreating(false)} fullWidth maxWidth="xs">
        <DialogTitle>新建模板</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label="模板名称（文件夹名）" value={newName} onChange={(e) => setNewName(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCreating(false)}>取消</Button>
          <Button variant="contained" disabled={!newName.trim()} onClick={create}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={toDelete !== null}
        title="提示信息"
        content={`确定删除模板“${toDelete?.name ?? ''}”吗？只能删除空的模板文件夹。`}
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
      <Confirm
        isOpen={toUse !== null}
        title="提示信息"
        content={`确定将“${toUse?.name ?? ''}”设为当前模板吗？重新生成静态页面后生效。`}
        confirm="确定"
        cancel="取消"
        onClose={() => setToUse(null)}
        onConfirm={async () => {
          const target = toUse;
          setToUse(null);
          if (!target) return;
          try {
            await dataProvider.callExtra('siteSetting', 'save', { body: { templateSkin: target.name } });
            success('设置成功');
            load();
          } catch {
            /* shown by the http client */
          }
        }}
      />
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/template', component: TemplateSkins };
export default page;

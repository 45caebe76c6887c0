import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { Confirm, Title } from 'react-admin';
import notice, { NOTICE_PERMISSIONS as P } from '../../../resources/notice';
import user from '../../../resources/user';
import { dataProvider } from '../../data';
import { crudCall } from '../../../resources/declaredCalls';
import { PlainSearchForm } from '../../components/list/SearchForm';
import { PortalToolbar } from '../../components/list/Toolbar';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { compact, PagedTable, useDepartments, useKey, usePagedCall, type Column, type Row } from '../mail/shared';
import { NoticeDialog } from './NoticeBell';
import { useUrlFilter } from '../../dashboard/urlFilter';

type Option = { id: number; label: string };

function useUsers(enabled: boolean): Option[] {
  const [users, setUsers] = useState<Option[]>([]);
  useEffect(() => {
    if (!enabled) return;
    dataProvider.call<{ list: { userId: number; name: string; deptName?: string }[] }>(crudCall(user, 'list'), { body: { pageNum: 1, pageSize: 200 }, silent: true }).then(
      (p) => setUsers(p.list.map((u) => ({ id: Number(u.userId), label: `${u.name}${u.deptName ? `（${u.deptName}）` : ''}` }))),
      () => setUsers([]),
    );
  }, [enabled]);
  return users;
}

const EMPTY_FORM = { id: 0, title: '', publisher: '', isPublic: false, content: '', deptIds: [] as number[], userIds: [] as number[] };

/** Publish or edit a notice: title, publisher, addressees (departments and/or people), content (HTML). */
function NoticeForm({ initial, onClose, onSaved }: { initial: typeof EMPTY_FORM | null; onClose: () => void; onSaved: () => void }) {
  const success = useSuccessNotifier();
  const depts = useDepartments();
  const users = useUsers(initial !== null);
  const [form, setForm] = useState(EMPTY_FORM);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (initial) setForm(initial);
    setError('');
  }, [initial]);
  const save = async () => {
    if (!form.title.trim()) return setError('请输入标题');
    if (!form.content.trim()) return setError('请输入内容');
    if (form.deptIds.length === 0 && form.userIds.length === 0) return setError('请选择接收部门或接收人');
    setBusy(true);
    try {
      const body = { title: form.title, publisher: form.publisher, isPublic: form.isPublic ? 1 : 0, content: form.content, targetDeptIds: form.deptIds, targetUserIds: form.userIds };
      if (form.id) await dataProvider.call(crudCall(notice, 'update'), { body: { id: form.id, ...body } });
      else await dataProvider.call(crudCall(notice, 'create'), { body });
      success(form.id ? '修改成功' : '发布成功');
      onSaved();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  const pick = (options: Option[], ids: number[]) => ids.map((id) => options.find((o) => o.id === id) ?? { id, label: `ID ${id}` });
  return (
    <Dialog open={initial !== null} onClose={() => !busy && onClose()} fullWidth maxWidth="md">
      <DialogTitle>{form.id ? '修改通知' : '发布通知'}</DialogTitle>
      <DialogContent>
        <TextField fullWidth margin="dense" label="标题" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} slotProps={{ htmlInput: { maxLength: 200, name: 'title' } }} />
        <TextField fullWidth margin="dense" label="发布单位" value={form.publisher} onChange={(e) => setForm({ ...form, publisher: e.target.value })} helperText="不填则为发布人所在部门" slotProps={{ htmlInput: { maxLength: 100 } }} />
        <Autocomplete
          multiple
          options={depts}
          value={pick(depts, form.deptIds)}
          getOptionLabel={(o) => o.label.trim()}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, v) => setForm({ ...form, deptIds: v.map((o) => o.id) })}
          noOptionsText="暂无数据"
          renderInput={(params) => <TextField {...params} margin="dense" label="接收部门" />}
        />
        <Autocomplete
          multiple
          options={users}
          value={pick(users, form.userIds)}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, v) => setForm({ ...form, userIds: v.map((o) => o.id) })}
          noOptionsText="暂无数据"
          renderInput={(params) => <TextField {...params} margin="dense" label="接收人" />}
        />
        <FormControlLabel control={<Switch checked={form.isPublic} onChange={(e) => setForm({ ...form, isPublic: e.target.checked })} />} label="在门户网站公开" />
        <TextField fullWidth multiline minRows={8} margin="dense" label="内容" value={form.content} onChange={(e) => setForm({ ...form, content: e.target.value })} helperText="可使用HTML格式，保存时服务器会清除不安全的内容" slotProps={{ htmlInput: { name: 'content' } }} />
        {error && <Alert severity="warning">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>取消</Button>
        <Button variant="contained" onClick={save} disabled={busy}>确定</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The table's columns: the outbox shows who receives and how many read; the inbox shows 已读/未读. */
function noticeColumns(box: 'outbox' | 'inbox', { view, edit, remove }: { view: (r: Row) => void; edit?: (r: Row) => void; remove?: (r: Row) => void }): Column[] {
  return [
    { key: 'title', label: '标题' },
    { key: 'publisher', label: '发布单位' },
    ...(box === 'outbox'
      ? [
          { key: 'targetNames', label: '接收范围' },
          { key: 'isPublic', label: '门户公开', render: (r: Row) => (Number(r.isPublic) === 1 ? '是' : '否') },
          { key: 'readCount', label: '已读人数' },
        ]
      : [{ key: 'readFlag', label: '状态', render: (r: Row) => <Chip size="small" color={Number(r.readFlag) === 1 ? 'default' : 'error'} label={Number(r.readFlag) === 1 ? '已读' : '未读'} /> }]),
    { key: 'creatorName', label: '发布人' },
    { key: 'createTime', label: '发布时间' },
    {
      key: 'actions',
      label: '操作',
      render: (r: Row) => (
        <Stack direction="row" spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
          <Button size="small" onClick={() => view(r)}>查看</Button>
          {box === 'outbox' && edit && <Button size="small" onClick={() => edit(r)}>编辑</Button>}
          {box === 'outbox' && remove && <Button size="small" color="error" onClick={() => remove(r)}>删除</Button>}
        </Stack>
      ),
    },
  ];
}

/** 通知管理 (/main/interact/noticeManage): published notices (outbox) and my notices (inbox). */
export function NoticeManage() {
  const success = useSuccessNotifier();
  const canList = useKey(P.list, 'notice');
  const canMy = useKey(P.my, 'notice');
  const canAdd = useKey(P.create, 'notice');
  const canUpdate = useKey(P.update, 'notice');
  const canDelete = useKey(P.delete, 'notice');
  // A workbench link (未读通知) opens 我的通知 filtered: ?tab=inbox&readFlag=0.
  const fromUrl = useUrlFilter(['tab', 'readFlag'] as const);
  const [tab, setTab] = useState<'outbox' | 'inbox' | null>(fromUrl.tab === 'inbox' ? 'inbox' : null);
  const box = tab ?? (canList ? 'outbox' : 'inbox');
  const [title, setTitle] = useState('');
  const [readFlag, setReadFlag] = useState(fromUrl.readFlag ?? '');
  const [search, setSearch] = useState<Record<string, unknown>>(() => compact({ readFlag: fromUrl.readFlag }));
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const allowed = box === 'outbox' ? canList : canMy;
  const { page, loading, reload } = usePagedCall(crudCall(notice, 'list'), { ...search, box }, pageNum, pageSize);
  const [editing, setEditing] = useState<typeof EMPTY_FORM | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = async (r: Row) => {
    try {
      const n = await dataProvider.call<Row>(crudCall(notice, 'get'), { query: { id: r.id } });
      setEditing({ id: r.id, title: String(n.title ?? ''), publisher: String(n.publisher ?? ''), isPublic: Number(n.isPublic) === 1, content: String(n.content ?? ''), deptIds: (n.targetDeptIds as number[]) ?? [], userIds: (n.targetUserIds as number[]) ?? [] });
    } catch {
      /* shown */
    }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dataProvider.call(crudCall(notice, 'delete'), { body: { ids: [deleting.id] } });
      success('删除成功');
      reload();
    } catch {
      /* shown */
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };
  const view = (r: Row) => {
    setViewing(r);
    if (box === 'inbox' && Number(r.readFlag) !== 1) dataProvider.callExtra('notice', 'read', { body: { id: r.id }, silent: true }).then(reload, () => undefined);
  };

  const columns = noticeColumns(box, { view, edit: canUpdate ? edit : undefined, remove: canDelete ? setDeleting : undefined });

  return (
    <Card sx={{ mt: 1 }}>
      <Title title="通知管理" />
      <Tabs value={box} onChange={(_e, v: 'outbox' | 'inbox') => { setTab(v); setPageNum(1); }} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        {canList && <Tab value="outbox" label="已发布通知" />}
        {canMy && <Tab value="inbox" label="我的通知" />}
      </Tabs>
      <Box sx={{ px: 2 }}>
        <PlainSearchForm
          onSearch={() => { setPageNum(1); setSearch(compact({ title, ...(box === 'inbox' ? { readFlag } : {}) })); }}
          onReset={() => { setTitle(''); setReadFlag(''); setPageNum(1); setSearch({}); }}
        >
          <TextField size="small" label="标题" value={title} onChange={(e) => setTitle(e.target.value)} />
          {box === 'inbox' && (
            <TextField select size="small" label="阅读状态" value={readFlag} onChange={(e) => setReadFlag(e.target.value)} sx={{ width: 120 }}>
              <MenuItem value="">全部</MenuItem>
              <MenuItem value="0">未读</MenuItem>
              <MenuItem value="1">已读</MenuItem>
            </TextField>
          )}
        </PlainSearchForm>
        <PortalToolbar>
          {box === 'outbox' && canAdd && <Button size="small" variant="contained" onClick={() => setEditing({ ...EMPTY_FORM })}>发布通知</Button>}
        </PortalToolbar>
      </Box>
      {allowed ? (
        <PagedTable testId="notice-table" columns={columns} rows={page?.list} loading={loading} total={page?.totalRow ?? 0} pageNum={pageNum} pageSize={pageSize} onPage={setPageNum} onPageSize={(n) => { setPageSize(n); setPageNum(1); }} />
      ) : (
        <Box sx={{ p: 2 }}>没有访问权限</Box>
      )}
      <NoticeForm initial={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); reload(); }} />
      <NoticeDialog notice={viewing as never} onClose={() => setViewing(null)} />
      <Confirm isOpen={deleting !== null} loading={busy} title="提示信息" content={`确定删除通知「${String(deleting?.title ?? '')}」吗？`} confirm="确定" cancel="取消" onConfirm={remove} onClose={() => setDeleting(null)} />
    </Card>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import {
  CanAccess,
  Confirm,
  Datagrid,
  FunctionField,
  List,
  Pagination,
  SelectInput,
  TextField as RaTextField,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import themeDecl, { commentStatusOptions } from '../../resources/theme';
import { downloadExcel } from '../../providers';
import { DEFAULT_PAGE_SIZE, ListEmpty, ListLoading, PAGE_SIZES } from '../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { http } from '../portal';

type Rec = Record<string, unknown> & { id: number };

const CHANNELS = [
  { id: 'bbs', name: '论坛' },
  { id: 'll', name: '领导留言' },
  { id: 'xax', name: '县长信箱' },
];
const STATUS_COLORS = ['default', 'success', 'error', 'warning'] as const;
const channelBase = (channel: unknown) => (channel === 'xax' ? '/xax/theme' : '/ll/theme');

/** One POST; success toast; refresh. Errors are shown by the http client. */
function useAction() {
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  return async (path: string, body: unknown, message: string) => {
    try {
      await http.request({ path, body });
      success(message);
      refresh();
      return true;
    } catch {
      return false;
    }
  };
}

function ActionDialog({ open, title, children, onClose, onOk, okText = '确定' }: { open: boolean; title: string; children: ReactNode; onClose: () => void; onOk: () => void; okText?: string }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={onOk}>
          {okText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 审核: pass / fail / pending with an opinion (ll: themeAudit; xax: themeAuditShow with status). */
function AuditButton({ ids, channel, onDone }: { ids: number[]; channel: unknown; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState(1);
  const [remark, setRemark] = useState('');
  const act = useAction();
  const path = channel === 'xax' ? '/xax/theme/themeAuditShow' : '/ll/theme/themeAudit';
  return (
    <CanAccess action="theme:audit" resource="theme">
      <Button size="small" onClick={() => setOpen(true)}>
        审核
      </Button>
      <ActionDialog
        open={open}
        title="审核主题"
        onClose={() => setOpen(false)}
        onOk={async () => {
          if (await act(path, { ids, status, remark, isShow: 0 }, '审核成功')) {
            setOpen(false);
            onDone?.();
          }
        }}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="审核结果" value={status} onChange={(e) => setStatus(Number(e.target.value))}>
            {commentStatusOptions
              .filter((o) => o.value !== 0)
              .map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
          </TextField>
          <TextField label="审核意见" value={remark} onChange={(e) => setRemark(e.target.value)} multiline minRows={2} inputProps={{ maxLength: 500 }} />
        </Stack>
      </ActionDialog>
    </CanAccess>
  );
}

function TransferButton({ record }: { record: Rec }) {
  const [open, setOpen] = useState(false);
  const [depts, setDepts] = useState<{ id: number; name: string }[]>([]);
  const [deptId, setDeptId] = useState<number | ''>('');
  const [remark, setRemark] = useState('');
  const act = useAction();
  useEffect(() => {
    if (!open) return;
    // The department list of the xax family serves every channel.
    http
      .request<{ id: number; name: string }[]>({ path: '/ding/dept/list', silent: true })
      .then((list) => setDepts(Array.isArray(list) ? list : []))
      .catch(() => setDepts([]));
  }, [open]);
  return (
    <CanAccess action="theme:transfer" resource="theme">
      <Button size="small" onClick={() => setOpen(true)}>
        转办
      </Button>
      <ActionDialog
        open={open}
        title="转办主题"
        onClose={() => setOpen(false)}
        onOk={async () => {
          if (await act('/theme/transfer', { ids: [record.id], deptId, remark }, '转办成功')) setOpen(false);
        }}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {depts.length ? (
            <TextField select label="办理部门" value={deptId} onChange={(e) => setDeptId(Number(e.target.value))}>
              {depts.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField label="办理部门ID" type="number" value={deptId} onChange={(e) => setDeptId(e.target.value === '' ? '' : Number(e.target.value))} />
          )}
          <TextField label="转办说明" value={remark} onChange={(e) => setRemark(e.target.value)} multiline minRows={2} />
        </Stack>
      </ActionDialog>
    </CanAccess>
  );
}

/** Detail: the theme, its replies (with their audit) and the reply form of the handling department. */
function DetailButton({ record }: { record: Rec }) {
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<(Rec & { replies: Rec[] }) | null>(null);
  const [content, setContent] = useState('');
  const act = useAction();
  const load = () =>
    http
      .request<Rec & { replies: Rec[] }>({ path: '/theme/get', query: { id: record.id } })
      .then(setDetail)
      .catch(() => setOpen(false));
  useEffect(() => {
    if (open) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const base = channelBase(record.channel);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        详情
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{String(record.title)}</DialogTitle>
        <DialogContent dividers>
          {!detail ? (
            <Typography>正在加载…</Typography>
          ) : (
            <Stack spacing={1.5}>
              <Typography variant="body2" color="text.secondary">
                查询码：{String(detail.queryCode ?? '')} · 留言人：{String(detail.name ?? '')} {String(detail.phone ?? '')} · 收到时间：{String(detail.createTime ?? '')} · 办理部门：
                {String(detail.deptName ?? '未转办')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(detail.content ?? '')}</Typography>
              <Typography variant="subtitle2">回复（{detail.replies.length}）</Typography>
              {detail.replies.length === 0 && <Typography color="text.secondary">暂无回复</Typography>}
              {detail.replies.map((r) => (
                <Box key={r.id} sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {String(r.replyDeptName ?? '')} · {String(r.replyName ?? '')} · {String(r.replyTime ?? '')} ·{' '}
                    <Chip size="small" label={commentStatusOptions.find((o) => o.value === Number(r.status))?.label} color={STATUS_COLORS[Number(r.status)] ?? 'default'} />
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(r.content)}</Typography>
                  {(Number(r.status) === 0 || Number(r.status) === 3) && (
                    <CanAccess action="theme:replyAudit" resource="theme">
                      <Button size="small" onClick={async () => (await act('/ll/theme/themeReplyAudit', { id: r.id, status: 1 }, '审核成功')) && load()}>
                        通过并发布
                      </Button>
                      <Button size="small" color="error" onClick={async () => (await act('/ll/theme/themeReplyAudit', { id: r.id, status: 2 }, '审核成功')) && load()}>
                        不通过
                      </Button>
                    </CanAccess>
                  )}
                </Box>
              ))}
              {Number(detail.status) === 1 && Number(detail.handleState) === 0 && (
                <CanAccess action="theme:reply" resource="theme">
                  <TextField label="回复内容" value={content} onChange={(e) => setContent(e.target.value)} multiline minRows={3} inputProps={{ maxLength: 5000 }} />
                  <Box>
                    <Button
                      variant="contained"
                      disabled={!content.trim()}
                      onClick={async () => {
                        if (await act(`${base}/reply/save`, { themeId: record.id, content }, '回复成功，待审核后发布')) {
                          setContent('');
                          void load();
                        }
                      }}
                    >
                      提交回复
                    </Button>
                  </Box>
                </CanAccess>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>关闭</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ConfirmAction({ label, title, content, path, body, message, permission }: { label: string; title?: string; content: string; path: string; body: unknown; message: string; permission: string }) {
  const [open, setOpen] = useState(false);
  const act = useAction();
  return (
    <CanAccess action={permission} resource="theme">
      <Button size="small" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Confirm
        isOpen={open}
        title={title ?? '提示信息'}
        content={content}
        confirm="确定"
        cancel="取消"
        onConfirm={async () => {
          await act(path, body, message);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </CanAccess>
  );
}

function RowActions() {
  const record = useRecordContext<Rec>();
  if (!record) return null;
  const status = Number(record.status);
  const base = channelBase(record.channel);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
      <DetailButton record={record} />
      {(status === 0 || status === 3) && <AuditButton ids={[record.id]} channel={record.channel} />}
      {status === 1 && Number(record.isShow) === 0 && (
        <ConfirmAction label="公开" content="确定公开显示该主题吗？" path={`${base}/themeAuditShow`} body={{ ids: [record.id], isShow: 1 }} message="已公开" permission="theme:show" />
      )}
      {Number(record.isShow) === 1 && (
        <ConfirmAction label="隐藏" content="确定隐藏该主题吗？" path={`${base}/themeAuditShow`} body={{ ids: [record.id], isShow: 0 }} message="已隐藏" permission="theme:show" />
      )}
      {status === 1 && Number(record.handleState) === 0 && <TransferButton record={record} />}
      {status === 1 && Number(record.handleState) === 0 && (
        <ConfirmAction label="办结" content="确定将该主题标记为已办结吗？办结后不能再转办和回复。" path="/theme/examine" body={{ id: record.id }} message="办结成功" permission="theme:examine" />
      )}
      {Number(record.isShow) === 1 && (
        <ConfirmAction
          label={Number(record.isRecommend) === 1 ? '取消推荐' : '推荐'}
          content={Number(record.isRecommend) === 1 ? '确定取消推荐吗？' : '确定推荐该主题吗？'}
          path="/theme/themeRecommend"
          body={{ id: record.id, isRecommend: Number(record.isRecommend) === 1 ? 0 : 1 }}
          message="操作成功"
          permission="theme:recommend"
        />
      )}
      <ConfirmAction label="删除" content="确定删除该主题及其全部回复吗？" path="/theme/dels" body={{ ids: [record.id] }} message="删除成功" permission="theme:delete" />
    </Box>
  );
}

function BulkActions() {
  const { selectedIds, data } = useListContext<Rec>();
  const unselect = useUnselectAll('theme');
  const channels = new Set((data ?? []).filter((r) => selectedIds.includes(r.id)).map((r) => r.channel));
  const channel = channels.size === 1 ? [...channels][0] : 'll';
  return (
    <>
      {channels.size <= 1 && <AuditButton ids={selectedIds as number[]} channel={channel} onDone={() => unselect()} />}
      <ConfirmAction label="批量办结" content="确定将选中的主题标记为已办结吗？" path="/theme/examineAll" body={{ ids: selectedIds }} message="办结成功" permission="theme:examine" />
    </>
  );
}

function Toolbar() {
  const { filterValues } = useListContext();
  const onError = useErrorNotifier();
  return (
    <TopToolbar>
      <CanAccess action="theme:export" resource="theme">
        <Button size="small" onClick={() => downloadExcel(http, '/ll/theme/themeExcel', filterValues, '领导留言.xlsx').catch(onError)}>
          导出领导留言
        </Button>
      </CanAccess>
    </TopToolbar>
  );
}

const filters = [
  <TextInput key="title" source="title" label="标题" alwaysOn />,
  <SelectInput key="channel" source="channel" label="渠道" choices={CHANNELS} alwaysOn emptyText="全部" />,
  <SelectInput key="status" source="status" label="审核状态" choices={commentStatusOptions.map((o) => ({ id: o.value, name: o.label }))} alwaysOn emptyText="全部" />,
  <SelectInput key="handleState" source="handleState" label="办理状态" choices={[{ id: 0, name: '办理中' }, { id: 1, name: '已办结' }]} emptyText="全部" />,
  <TextInput key="queryCode" source="queryCode" label="查询码" />,
];

/** 论坛主题: every channel's themes with audit, show, transfer, reply, examine and recommend. */
function ThemeList() {
  const onError = useErrorNotifier();
  return (
    <List
      resource="theme"
      title={themeDecl.label}
      perPage={DEFAULT_PAGE_SIZE}
      sort={themeDecl.list.defaultSort}
      filters={filters}
      actions={<Toolbar />}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      queryOptions={{ onError }}
      empty={<ListEmpty canCreate={false} />}
      loading={<ListLoading />}
      exporter={false}
      storeKey="theme.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={<BulkActions />}>
        <RaTextField source="title" label="标题" />
        <FunctionField label="渠道" render={(r: Rec) => CHANNELS.find((c) => c.id === r.channel)?.name ?? ''} />
        <RaTextField source="plateName" label="版块" emptyText="-" />
        <RaTextField source="name" label="留言人" emptyText="-" />
        <FunctionField
          label="审核状态"
          render={(r: Rec) => <Chip size="small" label={commentStatusOptions.find((o) => o.value === Number(r.status))?.label} color={STATUS_COLORS[Number(r.status)] ?? 'default'} />}
        />
        <FunctionField label="公开" render={(r: Rec) => (Number(r.isShow) === 1 ? '显示' : '不显示')} />
        <FunctionField label="回复" render={(r: Rec) => (Number(r.replyState) === 1 ? `已回复（${String(r.replyCount)}）` : '未回复')} />
        <FunctionField label="办理" render={(r: Rec) => (Number(r.handleState) === 1 ? '已办结' : '办理中')} />
        <RaTextField source="deptName" label="办理部门" emptyText="未转办" />
        <RaTextField source="createTime" label="收到时间" />
        <RowActions />
      </Datagrid>
    </List>
  );
}

export default { list: ThemeList };

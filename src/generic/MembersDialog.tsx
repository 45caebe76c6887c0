import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import { extraCall, findAction } from '../../resources/declaredCalls';
import type { MemberStepDecl, MembersDialogDecl } from '../../resources/shape/linkDialogs';
import type { ResourceDecl } from '../../resources/types';
import { getResource } from '../resources';
import { useActionPost } from './actionPost';
import { usePagedCall, type Row } from './pagedCall';
import { PagedTable, type Column } from './PagedTable';

/** `{title}` is the record's title, any other `{field}` the member's value. */
export function fillMemberText(text: string, title: string, member: Row): string {
  return text.replace(/\{(\w+)\}/g, (_m, k: string) => (k === 'title' ? title : String(member[k] ?? '')));
}

/**
 * The members of a relation and the others (`action.members`, resources/shape/linkDialogs.ts): two tabs of
 * a paged table searched by one field; 移除 / 分配 run the member entity's declared actions on one member.
 */
export function MembersDialog({ decl, members, onClose }: { decl: ResourceDecl; members: MembersDialogDecl; onClose: () => void }) {
  const record = useRecordContext();
  const { post } = useActionPost();
  const memberDecl = getResource(members.entity);
  const { canAccess: canAdd } = useCanAccess({ resource: members.entity, action: (memberDecl && findAction(memberDecl, members.add.action)?.permission) ?? '' });
  const { canAccess: canRemove } = useCanAccess({ resource: members.entity, action: (memberDecl && findAction(memberDecl, members.remove.action)?.permission) ?? '' });
  const [tab, setTab] = useState(0);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState('');
  const [asking, setAsking] = useState<Row | null>(null);
  const id = record?.id;
  const call = extraCall(decl, tab === 0 ? members.held.call : members.others.call);
  const { page, loading, reload } = usePagedCall(call, { [members.key]: id, [members.search.field]: applied }, paging.pageNum, paging.pageSize);
  if (!record || !memberDecl) return null;
  const title = String(record[decl.titleField] ?? '');
  const run = (step: MemberStepDecl, member: Row) => post(memberDecl, step.action, { [members.key]: id, [members.memberKey]: member[members.memberKey] }, { message: step.success, after: reload });
  const step = tab === 0 ? members.remove : members.add;
  const allowed = tab === 0 ? canRemove : canAdd;
  const columns: Column[] = [
    ...members.columns.map((c) => ({ key: c.field, label: c.label })),
    {
      key: '__actions',
      label: '操作',
      render: (m: Row) =>
        allowed && (
          <Button size="small" color={tab === 0 ? 'error' : 'primary'} onClick={() => (step.confirm ? setAsking(m) : void run(step, m))}>
            {step.label}
          </Button>
        ),
    },
  ];
  const rows = page?.list.map((m) => ({ ...m, id: Number(m[members.memberKey]) }));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {members.title}：{title}
      </DialogTitle>
      <DialogContent dividers>
        <Tabs value={tab} onChange={(_e, v: number) => (setTab(v), setPaging({ ...paging, pageNum: 1 }))}>
          <Tab label={members.held.label} />
          <Tab label={members.others.label} />
        </Tabs>
        <Stack direction="row" spacing={1} sx={{ my: 2 }}>
          <TextField size="small" label={members.search.label} value={typed} onChange={(e) => setTyped(e.target.value)} />
          <Button variant="outlined" onClick={() => (setApplied(typed.trim()), setPaging({ ...paging, pageNum: 1 }))}>
            查询
          </Button>
        </Stack>
        <PagedTable
          columns={columns}
          rows={rows}
          loading={loading}
          total={page?.totalRow ?? 0}
          pageNum={paging.pageNum}
          pageSize={paging.pageSize}
          onPage={(pageNum) => setPaging({ ...paging, pageNum })}
          onPageSize={(pageSize) => setPaging({ pageNum: 1, pageSize })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
      <Confirm
        isOpen={!!asking}
        title="提示信息"
        content={asking ? fillMemberText(step.confirm ?? '', title, asking) : ''}
        confirm="确定"
        cancel="取消"
        onConfirm={() => {
          const m = asking;
          setAsking(null);
          if (m) void run(step, m);
        }}
        onClose={() => setAsking(null)}
      />
    </Dialog>
  );
}

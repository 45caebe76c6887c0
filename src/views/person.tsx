import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CanAccess, Confirm, Datagrid, FunctionField, SelectInput, TextField as RaTextField, TextInput, useRecordContext, useRefresh } from 'react-admin';
import personDecl from '../../resources/person';
import type { FieldDecl } from '../../resources/types';
import { ListEmpty, PortalList } from '../generic/GenericList';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { dataProvider } from '../data';
import { actionCall } from '../../resources/declaredCalls';

type Rec = Record<string, unknown> & { puPeopleId: number };
const fields: readonly FieldDecl[] = personDecl.fields;
const label = (field: string, v: unknown) => fields.find((f) => f.name === field)?.options?.find((o) => String(o.value) === String(v))?.label ?? '';
const choices = (field: string) => (fields.find((f) => f.name === field)?.options ?? []).map((o) => ({ id: o.value, name: o.label }));

function useCall() {
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  return async (action: 'readAudit' | 'peopleAudit' | 'banAudit', body: unknown, msg: string) => {
    try {
      await dataProvider.call(actionCall(personDecl, action), { body });
      success(msg);
      refresh();
      return true;
    } catch {
      return false;
    }
  };
}

function Actions() {
  const r = useRecordContext<Rec>();
  const call = useCall();
  const [audit, setAudit] = useState(false);
  const [authStatus, setAuthStatus] = useState('SUCCESS');
  const [remark, setRemark] = useState('');
  const [ban, setBan] = useState(false);
  if (!r) return null;
  const frozen = Number(r.state) === 1;
  return (
    <Box sx={{ display: 'flex' }}>
      {Number(r.userStatus) === 1 && (
        <CanAccess action="person:audit" resource="person">
          <Button size="small" onClick={() => setAudit(true)}>
            审核
          </Button>
        </CanAccess>
      )}
      <CanAccess action="person:ban" resource="person">
        <Button size="small" color={frozen ? 'primary' : 'error'} onClick={() => setBan(true)}>
          {frozen ? '解冻' : '冻结'}
        </Button>
      </CanAccess>
      {Number(r.readState) === 0 && (
        <CanAccess action="person:read" resource="person">
          <Button size="small" onClick={() => call('readAudit', { puPeopleId: r.puPeopleId }, '操作成功')}>
            标记已读
          </Button>
        </CanAccess>
      )}
      <Dialog open={audit} onClose={() => setAudit(false)} fullWidth maxWidth="xs">
        <DialogTitle>实名认证审核</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label="审核结果" value={authStatus} onChange={(e) => setAuthStatus(e.target.value)}>
              <MenuItem value="SUCCESS">通过</MenuItem>
              <MenuItem value="FAIL">不通过</MenuItem>
            </TextField>
            <TextField label="审核意见" value={remark} onChange={(e) => setRemark(e.target.value)} required={authStatus === 'FAIL'} multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAudit(false)}>取消</Button>
          <Button variant="contained" onClick={async () => (await call('peopleAudit', { puPeopleId: r.puPeopleId, authStatus, remark }, '审核成功')) && setAudit(false)}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={ban}
        title="提示信息"
        content={frozen ? '确定解冻该会员吗？' : '确定冻结该会员吗？冻结后该会员将被退出登录且不能再登录。'}
        confirm="确定"
        cancel="取消"
        onConfirm={async () => {
          await call('banAudit', { puPeopleId: r.puPeopleId, state: frozen ? 0 : 1 }, frozen ? '解冻成功' : '冻结成功');
          setBan(false);
        }}
        onClose={() => setBan(false)}
      />
    </Box>
  );
}

const filters = [
  <TextInput key="name" source="name" label="姓名" alwaysOn />,
  <TextInput key="phone" source="phone" label="手机号" alwaysOn />,
  <SelectInput key="userStatus" source="userStatus" label="用户状态" choices={choices('userStatus')} alwaysOn emptyText="全部" />,
  <SelectInput key="state" source="state" label="账号状态" choices={choices('state')} emptyText="全部" />,
  <SelectInput key="authType" source="authType" label="认证类型" choices={choices('authType')} emptyText="全部" />,
];

/** 会员中心: citizens with masked ID numbers; audit, freeze/unfreeze, mark read. */
function PersonList() {
  return (
    <PortalList
      resource="person"
      title={personDecl.label}
      sort={personDecl.list.defaultSort}
      filters={filters}
      empty={<ListEmpty canCreate={false} />}
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <RaTextField source="name" label="姓名" emptyText="-" />
        <RaTextField source="phone" label="手机号" />
        <RaTextField source="idNumber" label="身份证号" emptyText="-" />
        <FunctionField label="认证类型" render={(r: Rec) => label('authType', r.authType)} />
        <FunctionField label="用户状态" render={(r: Rec) => label('userStatus', r.userStatus)} />
        <FunctionField label="认证状态" render={(r: Rec) => label('authStatus', r.authStatus)} />
        <FunctionField label="账号状态" render={(r: Rec) => label('state', r.state)} />
        <FunctionField label="已读" render={(r: Rec) => label('readState', r.readState)} />
        <RaTextField source="createTime" label="注册时间" />
        <Actions />
      </Datagrid>
    </PortalList>
  );
}

export default { list: PersonList };

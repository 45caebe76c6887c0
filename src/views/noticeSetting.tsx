import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef } from 'react';
import { Create, Edit, FormDataConsumer, ListButton, SaveButton, SimpleForm, Toolbar, TopToolbar, useGetList, useInput, useRedirect, type RaRecord } from 'react-admin';
import noticeSetting from '../../resources/noticeSetting';
import { formFields } from '../generic/GenericForm';
import { renderInput } from '../generic/inputs';
import type { ResourceViews } from '../generic/resourceViews';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';

/** Which declared resource lists the receivers of each receiverType. */
const RECEIVER_RESOURCES: Record<string, { resource: string; label: string }> = {
  ROLE: { resource: 'role', label: '角色' },
  USER: { resource: 'user', label: '人员' },
  DEPT: { resource: 'department', label: '部门' },
};

const toIds = (v: unknown) =>
  String(v ?? '')
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 提醒对象: a multiple choice of roles, users or departments (by 提醒对象类型), stored as the comma list of
 * ids the server expects. When the options cannot be loaded (no permission to list them) the ids are typed.
 */
function ReceiverInput({ receiverType }: { receiverType: string }) {
  const target = RECEIVER_RESOURCES[receiverType] ?? RECEIVER_RESOURCES.ROLE!;
  const { field, fieldState } = useInput({
    source: 'receiverIds',
    validate: (v: unknown) => (toIds(v).length === 0 ? '请选择提醒对象' : undefined),
  });
  const { data, isPending, error } = useGetList<RaRecord>(target.resource, { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' } }, { retry: false });
  const options = useMemo(() => (data ?? []).map((r) => ({ id: String(r.id), name: String(r.name ?? r.id) })), [data]);
  const selected = toIds(field.value);

  // A new receiver type makes the chosen ids meaningless: clear them (not on the first render).
  const previous = useRef(receiverType);
  useEffect(() => {
    if (previous.current !== receiverType) field.onChange('');
    previous.current = receiverType;
  }, [receiverType, field]);

  const helper = fieldState.error?.message ?? (error ? `无法加载${target.label}列表，请输入ID，多个用英文逗号分隔` : `选择要提醒的${target.label}`);
  if (error) {
    return (
      <TextField label="提醒对象" value={String(field.value ?? '')} onChange={(e) => field.onChange(e.target.value)} error={!!fieldState.error} helperText={helper} fullWidth margin="dense" />
    );
  }
  return (
    <Autocomplete
      multiple
      loading={isPending}
      loadingText="正在加载…"
      noOptionsText="暂无数据"
      options={options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={selected.map((id) => options.find((o) => o.id === id) ?? { id, name: `ID ${id}` })}
      onChange={(_e, value) => field.onChange(value.map((v) => v.id).join(','))}
      renderInput={(params) => <TextField {...params} label="提醒对象" error={!!fieldState.error} helperText={helper} margin="dense" />}
      sx={{ width: '100%', maxWidth: 640 }}
    />
  );
}

function inputs() {
  return formFields(noticeSetting).map((f) =>
    f.name === 'receiverIds' ? (
      <FormDataConsumer key={f.name}>{({ formData }) => <ReceiverInput receiverType={String(formData.receiverType ?? 'ROLE')} />}</FormDataConsumer>
    ) : (
      renderInput(f)
    ),
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="返回列表" />
    </TopToolbar>
  );
}

function NoticeSettingCreate() {
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const redirect = useRedirect();
  return (
    <Create
      resource="noticeSetting"
      title="新建消息提醒设置"
      actions={<Actions />}
      mutationOptions={{ onError, onSuccess: () => (success('ra.notification.created'), redirect('list', 'noticeSetting')) }}
    >
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>} resetOptions={{ keepDirtyValues: true }}>{inputs()}</SimpleForm>
    </Create>
  );
}

function NoticeSettingEdit() {
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const redirect = useRedirect();
  return (
    <Edit
      resource="noticeSetting"
      title="编辑消息提醒设置"
      actions={<Actions />}
      mutationMode="pessimistic"
      mutationOptions={{ onError, onSuccess: () => (success('ra.notification.updated'), redirect('list', 'noticeSetting')) }}
    >
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>} resetOptions={{ keepDirtyValues: true }}>{inputs()}</SimpleForm>
    </Edit>
  );
}

/** 消息提醒设置: the generic list and show; create and edit pick the receivers from lists. */
const views: ResourceViews = { create: NoticeSettingCreate, edit: NoticeSettingEdit };
export default views;

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { CanAccess, Confirm, useDataProvider, useRefresh } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import theme, { commentStatusOptions } from '../../../resources/theme';
import type { ApiCall } from '../../../resources/types';
import { actionCall, extraCall } from '../../../resources/declaredCalls';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';

export type ThemeRec = Record<string, unknown> & { id: number };

const XAX_CALLS = { update: 'xaxUpdate', show: 'xaxShow', reply: 'xaxReply' } as const;

/**
 * Staff calls of a channel: 县长信箱 (xax) has calls of its own, 领导留言 and forum topics run the declared
 * actions (ll); the spec's /theme/* family has no audit, show, reply or update call (docs/interaction-forums.md).
 */
export function channelCall(channel: unknown, step: keyof typeof XAX_CALLS): ApiCall {
  return channel === 'xax' ? extraCall(theme, XAX_CALLS[step]) : actionCall(theme, step);
}
/** Audit: ll and forum topics `themeAudit`, xax `themeAuditShow` with a status. */
export const auditCall = (channel: unknown): ApiCall => (channel === 'xax' ? extraCall(theme, XAX_CALLS.show) : actionCall(theme, 'audit'));

/** One POST with a JSON body; success toast; refresh. Errors are shown by the http client. Answers whether it worked. */
export function useThemeAction() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  return async (call: ApiCall, body: unknown, message: string) => {
    try {
      await dataProvider.call(call, { body });
      success(message);
      refresh();
      return true;
    } catch {
      return false;
    }
  };
}

export function ActionDialog({
  open,
  title,
  children,
  onClose,
  onOk,
  okText = '确定',
  okDisabled = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  onOk: () => void;
  okText?: string;
  okDisabled?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={onOk} disabled={okDisabled}>
          {okText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 审核: pass / fail / pending with an opinion, then a confirmation (提示信息) naming how many themes and
 * the result, then one call with every selected id (all or nothing on the server).
 */
export function AuditButton({ ids, channel, label = '审核', onDone }: { ids: number[]; channel: unknown; label?: string; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState(1);
  const [remark, setRemark] = useState('');
  const act = useThemeAction();
  const statusLabel = commentStatusOptions.find((o) => o.value === status)?.label ?? '';
  const what = ids.length > 1 ? `选中的${ids.length}条主题` : '该主题';
  const close = () => {
    setConfirming(false);
    setOpen(false);
  };
  return (
    <CanAccess action="theme:audit" resource="theme">
      <Button size="small" onClick={() => setOpen(true)} disabled={!ids.length}>
        {label}
      </Button>
      <ActionDialog open={open && !confirming} title="审核主题" onClose={close} onOk={() => setConfirming(true)}>
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
      <Confirm
        isOpen={open && confirming}
        title="提示信息"
        content={`确定将${what}审核为「${statusLabel}」吗？`}
        confirm="确定"
        cancel="取消"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          // xax: themeAuditShow audits, then shows only when isShow is 1 — publishing stays a separate step.
          const body = channel === 'xax' ? { ids, status, remark, isShow: 0 } : { ids, status, remark };
          if (await act(auditCall(channel), body, '审核成功')) {
            close();
            setRemark('');
            onDone?.();
          } else setConfirming(false);
        }}
      />
    </CanAccess>
  );
}

const EDIT_FIELDS = ['title', 'content', 'name', 'phone', 'isOpen'] as const;
type EditValues = { title: string; content: string; name: string; phone: string; isOpen: number };

const valuesOf = (r: ThemeRec): EditValues => ({
  title: String(r.title ?? ''),
  content: String(r.content ?? ''),
  name: String(r.name ?? ''),
  phone: String(r.phone ?? ''),
  isOpen: Number(r.isOpen ?? 1),
});

/** The fields that differ from the record, for the channel's update call (saveThemeDto) with the id. */
export function changedThemeFields(record: ThemeRec, values: EditValues): Partial<EditValues> {
  const before = valuesOf(record);
  const out: Record<string, unknown> = {};
  for (const f of EDIT_FIELDS) {
    const v = typeof values[f] === 'string' ? (values[f] as string).trim() : values[f];
    if (v !== before[f]) out[f] = v;
  }
  return out as Partial<EditValues>;
}

/**
 * 编辑: staff correct a theme's title, text, contact or the author's consent to publication (the state
 * stays). Only changed fields are sent; nothing changed sends nothing.
 */
export function EditButton({ record }: { record: ThemeRec }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<EditValues>(() => valuesOf(record));
  const act = useThemeAction();
  const changed = changedThemeFields(record, values);
  const contact = record.channel !== 'bbs';
  const set = (f: keyof EditValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  return (
    <CanAccess action="theme:update" resource="theme">
      <Button
        size="small"
        onClick={() => {
          setValues(valuesOf(record));
          setOpen(true);
        }}
      >
        编辑
      </Button>
      <ActionDialog
        open={open}
        title="编辑主题"
        okText="保存"
        okDisabled={!Object.keys(changed).length || !values.title.trim() || !values.content.trim()}
        onClose={() => setOpen(false)}
        onOk={async () => {
          if (await act(channelCall(record.channel, 'update'), { id: record.id, ...changed }, '修改成功')) setOpen(false);
        }}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="标题" required value={values.title} onChange={set('title')} inputProps={{ maxLength: 100 }} />
          <TextField label="内容" required value={values.content} onChange={set('content')} multiline minRows={5} inputProps={{ maxLength: 5000 }} />
          <Stack direction="row" spacing={2}>
            <TextField label="留言人" required={contact} value={values.name} onChange={set('name')} inputProps={{ maxLength: 50 }} sx={{ flex: 1 }} />
            <TextField label="联系电话" required={contact} value={values.phone} onChange={set('phone')} inputProps={{ maxLength: 20 }} sx={{ flex: 1 }} />
          </Stack>
          <FormControlLabel
            control={<Switch checked={values.isOpen === 1} onChange={(e) => setValues((v) => ({ ...v, isOpen: e.target.checked ? 1 : 0 }))} />}
            label="留言人同意公开（取消后主题不再公开显示）"
          />
        </Stack>
      </ActionDialog>
    </CanAccess>
  );
}

/** A button that asks first (提示信息 / 确定 / 取消), then makes one call. */
export function ConfirmAction({
  label,
  content,
  call,
  body,
  message,
  permission,
  onDone,
}: {
  label: string;
  content: string;
  call: ApiCall;
  body: unknown;
  message: string;
  permission: string;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const act = useThemeAction();
  return (
    <CanAccess action={permission} resource="theme">
      <Button size="small" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Confirm
        isOpen={open}
        title="提示信息"
        content={content}
        confirm="确定"
        cancel="取消"
        onConfirm={async () => {
          if (await act(call, body, message)) onDone?.();
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </CanAccess>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../providers';
import { loadIdentity, saveIdentity } from '../../providers/session';
import type { UserIdentity } from '../../providers/types';
import { SUCCESS_TOAST_MS } from '../notices/useErrorNotifier';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
type Problems = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** What the form checks before calling; the server checks the old password and the rule in force. */
export function checkPasswordForm(v: Values): Problems {
  const problems: Problems = {};
  if (!v.oldPassword) problems.oldPassword = '请输入原密码';
  if (!v.newPassword) problems.newPassword = '请输入新密码';
  if (!v.confirmPassword) problems.confirmPassword = '请再次输入新密码';
  else if (v.newPassword && v.newPassword !== v.confirmPassword) problems.confirmPassword = '两次输入的新密码不一致';
  return problems;
}

/**
 * 修改密码 (个人中心 → 修改密码): 原密码 / 新密码 / 确认新密码, sent to POST /ding/user/pwd (userPwdDto). The
 * server's refusal (原密码错误, 密码长度不能少于8位, 密码须包含…) is shown in the dialog, which stays open;
 * on success the dialog closes with 密码修改成功. The user's other sessions end; this one stays.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Every opening starts empty: passwords never linger in a closed dialog.
  useEffect(() => {
    if (open) {
      setValues(EMPTY);
      setProblems({});
      setFailure(null);
    }
  }, [open]);

  const set = (k: keyof Values) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [k]: value }));
    setProblems((p) => ({ ...p, [k]: undefined }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (saving) return;
    const found = checkPasswordForm(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setSaving(true);
    try {
      await dataProvider.callExtra('user', 'pwd', { body: values, silent: true });
      // A forced change may be pending in the cached identity; it is done now.
      const identity = loadIdentity() as (UserIdentity & { passwordExpired?: boolean }) | null;
      if (identity?.passwordExpired) saveIdentity({ ...identity, passwordExpired: false } as UserIdentity);
      notify('密码修改成功', { type: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : '修改失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  const field = (k: keyof Values, label: string, autoComplete: string, helper?: string) => (
    <TextField
      type="password"
      label={label}
      required
      value={values[k]}
      onChange={set(k)}
      error={!!problems[k]}
      helperText={problems[k] ?? helper}
      autoComplete={autoComplete}
      slotProps={{ htmlInput: { name: k } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-pwd-title"
      // Rendered inside a menu (个人中心): keys and clicks stop here, or the menu's type-ahead would take the focus.
      onKeyDown={(e) => e.stopPropagation()}
      onClick={(e) => e.stopPropagation()}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-pwd-title">修改密码</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {field('oldPassword', '原密码', 'current-password')}
          {field('newPassword', '新密码', 'new-password', '须符合系统当前的密码规则（长度、字符类型），不能包含用户名')}
          {field('confirmPassword', '确认新密码', 'new-password')}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            取消
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            确定
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

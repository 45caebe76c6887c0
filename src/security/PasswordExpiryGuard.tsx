import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { onPasswordChangeRequired } from '../../providers/passwordChange';
import { loadIdentity, saveIdentity } from '../../providers/session';
import type { UserIdentity } from '../../providers/types';
import { refreshAllDic } from '../dict/allDic';
import { systemCalls } from '../../resources/calls/system';
import { dataProvider } from '../data';
import { http } from '../portal';

/**
 * Wraps the shell's content (src/layout/AppLayout.tsx). When /user/info says `passwordExpired` (the generated
 * initial password, set or reset by an administrator, or too old for the rule), or any call is refused with
 * 2005, the content is not rendered at all (no screen calls the server) and a dialog that cannot be dismissed
 * asks for a new password; the only other way out is 退出登录. It also loads the dictionary cache (`allDic`)
 * after login. See docs/system-security.md.
 */
export function PasswordExpiryGuard({ children }: { children?: ReactNode }) {
  const [identity, setIdentity] = useState<(UserIdentity & { passwordExpired?: boolean }) | null>(() => loadIdentity());
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const logout = useLogout();

  useEffect(
    () =>
      onPasswordChangeRequired(() =>
        setIdentity((current) => {
          const next = { ...(current ?? loadIdentity() ?? ({} as UserIdentity)), passwordExpired: true };
          if (current) saveIdentity(next);
          return next;
        }),
      ),
    [],
  );

  useEffect(() => {
    void refreshAllDic(http).catch(() => undefined);
    if (!loadIdentity()) {
      dataProvider
        .call<UserIdentity>(systemCalls.userInfo, { silent: true })
        .then((i) => {
          saveIdentity(i);
          setIdentity(i);
        })
        .catch(() => undefined);
    }
  }, []);

  if (!identity?.passwordExpired) return <>{children}</>;

  const submit = async () => {
    if (!form.oldPassword || !form.newPassword) return setProblem('请输入原密码和新密码');
    if (form.newPassword !== form.confirmPassword) return setProblem('两次输入的新密码不一致');
    setProblem(null);
    setSaving(true);
    try {
      await dataProvider.callExtra('user', 'pwd', { body: form, silent: true });
      const next = { ...identity, passwordExpired: false };
      saveIdentity(next);
      setIdentity(next);
      notify('密码修改成功', { type: 'success' });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : '修改失败');
    } finally {
      setSaving(false);
    }
  };
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  return (
    <Dialog open disableEscapeKeyDown fullWidth maxWidth="xs" aria-labelledby="pwd-expired-title">
      <DialogTitle id="pwd-expired-title">请修改密码</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Alert severity="warning">您的密码为初始密码、已被管理员设置或重置，或已过期，请先修改密码再继续使用系统。</Alert>
        <TextField type="password" label="原密码" required value={form.oldPassword} onChange={set('oldPassword')} inputProps={{ name: 'oldPassword' }} autoComplete="current-password" />
        <TextField type="password" label="新密码" required value={form.newPassword} onChange={set('newPassword')} inputProps={{ name: 'newPassword' }} autoComplete="new-password" helperText="至少8位，包含大写字母、小写字母、数字、特殊字符中的至少3类（以系统当前密码规则为准）" />
        <TextField type="password" label="确认新密码" required value={form.confirmPassword} onChange={set('confirmPassword')} inputProps={{ name: 'confirmPassword' }} autoComplete="new-password" />
        {problem && <Alert severity="error">{problem}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()}>退出登录</Button>
        <Button variant="contained" onClick={submit} disabled={saving}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

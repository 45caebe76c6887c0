import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useCanAccess, useNotify } from 'react-admin';
import passwordRule from '../../../resources/passwordRule';
import { actionCall } from '../../../resources/declaredCalls';
import { SUCCESS_TOAST_MS } from '../../notices/useErrorNotifier';
import { useSecurityHttp } from '../../security/http';
import { TypesTable } from './TypesTable';

export interface PasswordType {
  id: number;
  name: string;
  pattern: string;
  remark?: string | null;
  updateTime?: string | null;
}

/** The declared path of a `passwordRule` action (resources/passwordRule.ts). */
const actionPath = (name: 'typeSave' | 'typeReset'): string => actionCall(passwordRule, name).path;
const TYPE_LIST = passwordRule.api.extra?.typeList?.path ?? '';

/** The permission key of saving and resetting types (the `typeSave` action of resources/passwordRule.ts). */
export const TYPE_PERMISSION = 'passwordType:update';
/** As the server: one bracket character class. */
const CLASS_PATTERN = /^\[\^?[^[\]]{1,60}\]$/;
const MAX_TYPES = 10;

type Editing = { id?: number; name: string; pattern: string; remark: string };

function TypeDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const http = useSecurityHttp();
  const notify = useNotify();
  const [form, setForm] = useState<Editing>({ name: '', pattern: '', remark: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (editing) setForm(editing);
    setFailure(null);
  }, [editing]);

  const nameProblem = !form.name.trim() ? '请输入类型名称' : form.name.trim().length > 20 ? '类型名称长度不能超过20个字符' : null;
  const patternProblem = !form.pattern.trim()
    ? '请输入字符规则'
    : CLASS_PATTERN.test(form.pattern.trim())
      ? null
      : '字符规则须为一个字符类，例如 [A-Z] 或 [^A-Za-z0-9]';

  const save = async () => {
    if (nameProblem || patternProblem || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const body: Record<string, unknown> = { name: form.name.trim(), pattern: form.pattern.trim(), remark: form.remark };
      if (form.id !== undefined) body.id = form.id;
      await http.request({ path: actionPath('typeSave'), body, silent: true });
      notify('保存成功', { type: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onSaved();
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };
  const set = (k: keyof Editing) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  const touched = (v: string) => v !== '';

  return (
    <Dialog open={!!editing} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="pwd-type-title">
      <DialogTitle id="pwd-type-title">{editing?.id !== undefined ? '编辑密码类型' : '新增密码类型'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label="类型名称"
          required
          value={form.name}
          onChange={set('name')}
          error={touched(form.name) && !!nameProblem}
          helperText={touched(form.name) ? nameProblem ?? undefined : undefined}
          slotProps={{ htmlInput: { name: 'name', maxLength: 20 } }}
        />
        <TextField
          label="字符规则"
          required
          value={form.pattern}
          onChange={set('pattern')}
          error={touched(form.pattern) && !!patternProblem}
          helperText={(touched(form.pattern) && patternProblem) || '一个字符类，例如 [A-Z]、[0-9]、[^A-Za-z0-9]'}
          slotProps={{ htmlInput: { name: 'pattern', maxLength: 64 } }}
        />
        <TextField label="备注" value={form.remark} onChange={set('remark')} slotProps={{ htmlInput: { name: 'remark', maxLength: 200 } }} />
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
        <Button variant="contained" onClick={save} disabled={!!nameProblem || !!patternProblem || saving}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 密码类型: the character classes a password's 至少包含字符类数 counts (POST /passwordType/list), edited
 * through /passwordType/saveOrUpdate; 恢复默认 (/passwordType/reset, after a 提示信息 confirmation) restores
 * 大写字母, 小写字母, 数字, 特殊字符. Editing needs passwordType:update.
 */
export function PasswordTypesPanel() {
  const http = useSecurityHttp();
  const notify = useNotify();
  const { canAccess: canEdit } = useCanAccess({ resource: 'passwordRule', action: TYPE_PERMISSION });
  const [types, setTypes] = useState<PasswordType[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);

  const load = useCallback(async () => {
    try {
      setTypes(await http.request<PasswordType[]>({ path: TYPE_LIST, silent: true }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : '加载失败');
    }
  }, [http]);
  useEffect(() => {
    void load();
  }, [load]);

  const reset = async () => {
    setResetting(true);
    try {
      setTypes(await http.request<PasswordType[]>({ path: actionPath('typeReset'), silent: true }));
      notify('已恢复默认密码类型', { type: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch (e) {
      notify(e instanceof Error && e.message ? e.message : '恢复失败', { type: 'error' });
    } finally {
      setResetting(false);
      setConfirmReset(false);
    }
  };

  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid="password-types">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          密码类型
        </Typography>
        {canEdit && (
          <>
            <Button
              onClick={() => setEditing({ name: '', pattern: '', remark: '' })}
              disabled={!types || types.length >= MAX_TYPES}
              title={types && types.length >= MAX_TYPES ? `密码类型最多${MAX_TYPES}个` : undefined}
            >
              新增类型
            </Button>
            <Button color="warning" onClick={() => setConfirmReset(true)} disabled={resetting}>
              恢复默认
            </Button>
          </>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        密码规则中的“至少包含字符类数”按下列字符类计数：密码中含有某一类的字符即计为一类。
      </Typography>
      {error && <Alert severity="warning">{error}</Alert>}
      {!error && !types && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3, justifyContent: 'center' }}>
          <CircularProgress size={20} />
          <Typography variant="body2" color="text.secondary">
            正在加载…
          </Typography>
        </Box>
      )}
      {types && <TypesTable types={types} canEdit={canEdit === true} onEdit={(t) => setEditing({ id: t.id, name: t.name, pattern: t.pattern, remark: t.remark ?? '' })} />}
      <TypeDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
        }}
      />
      <Confirm
        isOpen={confirmReset}
        loading={resetting}
        title="提示信息"
        content="确定恢复默认的密码类型吗？（大写字母、小写字母、数字、特殊字符；新增和修改过的类型将被替换）"
        confirm="确定"
        cancel="取消"
        onConfirm={reset}
        onClose={() => setConfirmReset(false)}
      />
    </Paper>
  );
}

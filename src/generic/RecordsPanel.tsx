import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProviderExtras } from '../../providers/types';
import { actionCall, findAction } from '../../resources/declaredCalls';
import type { RecordsPanelDecl } from '../../resources/shape/recordsPanel';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { SUCCESS_TOAST_MS } from '../notices/useErrorNotifier';
import { validatorsFor } from './inputs';
import { PagedTable } from './PagedTable';

type Values = Record<string, unknown>;
const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/** The first rule a typed value breaks (the server's message), or null. */
export function fieldProblem(field: FieldDecl, value: unknown): string | null {
  for (const check of validatorsFor(field)) {
    const problem = check(typeof value === 'string' ? value.trim() : value, {}, {} as never);
    if (typeof problem === 'string') return problem;
  }
  return null;
}

/** The dialog of one record: the declared fields, each checked as typed; 确定 saves through the declared action. */
function RecordDialog({ decl, panel, editing, onClose, onSaved }: { decl: ResourceDecl; panel: RecordsPanelDecl; editing: Values | null; onClose: () => void; onSaved: () => void }) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const notify = useNotify();
  const [form, setForm] = useState<Values>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (editing) setForm(editing);
    setFailure(null);
  }, [editing]);
  const problems = panel.fields.map((f) => fieldProblem(f, form[f.name] ?? ''));
  const blocked = problems.some((p) => p !== null) || saving;
  const save = async () => {
    if (blocked) return;
    setSaving(true);
    setFailure(null);
    try {
      const body: Values = {};
      if (editing?.id !== undefined) body.id = editing.id;
      for (const f of panel.fields) body[f.name] = typeof form[f.name] === 'string' && f.required ? String(form[f.name]).trim() : (form[f.name] ?? '');
      await dataProvider.call(actionCall(decl, panel.save.action), { body, silent: true });
      notify(findAction(decl, panel.save.action)?.success ?? '保存成功', { type: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onSaved();
    } catch (e) {
      setFailure(messageOf(e, '保存失败'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={!!editing} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="records-panel-title">
      <DialogTitle id="records-panel-title">{`${editing?.id !== undefined ? '编辑' : '新增'}${panel.label}`}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {panel.fields.map((f, i) => {
          const value = String(form[f.name] ?? '');
          const shown = value !== '' ? problems[i] : null;
          return (
            <TextField key={f.name} label={f.label} required={f.required} value={value} onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
              error={!!shown} helperText={shown ?? f.help} slotProps={{ htmlInput: { name: f.name, maxLength: f.maxLength } }} />
          );
        })}
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
        <Button variant="contained" onClick={save} disabled={blocked}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A module's small table under the generic list (`listRecords`, resources/shape/recordsPanel.ts): the records
 * of a declared call, 编辑 / the add button with the save action's key, and a whole-table action (恢复默认)
 * after its confirmation, whose answer is the new records.
 */
export function RecordsPanel({ decl, panel }: { decl: ResourceDecl; panel: RecordsPanelDecl }) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const notify = useNotify();
  const saveAction = findAction(decl, panel.save.action);
  const resetAction = panel.reset ? findAction(decl, panel.reset.action) : undefined;
  const { canAccess: canEdit } = useCanAccess({ resource: decl.name, action: saveAction?.permission ?? '' });
  const [rows, setRows] = useState<Values[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Values | null>(null);
  const [asking, setAsking] = useState(false);
  const [resetting, setResetting] = useState(false);
  const load = useCallback(async () => {
    try {
      setRows(await dataProvider.callExtra<Values[]>(decl.name, panel.list, { silent: true }));
      setError(null);
    } catch (e) {
      setError(messageOf(e, '加载失败'));
    }
  }, [dataProvider, decl.name, panel.list]);
  useEffect(() => {
    void load();
  }, [load]);
  const reset = async () => {
    setResetting(true);
    try {
      setRows(await dataProvider.call<Values[]>(actionCall(decl, panel.reset?.action ?? ''), { silent: true }));
      notify(resetAction?.success ?? '操作成功', { type: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch (e) {
      notify(messageOf(e, '操作失败'), { type: 'error' });
    } finally {
      setResetting(false);
      setAsking(false);
    }
  };
  const full = panel.save.max !== undefined && !!rows && rows.length >= panel.save.max;
  const blank = Object.fromEntries(panel.fields.map((f) => [f.name, '']));
  const columns = [
    ...panel.columns.map((c) => ({ key: c.field, label: c.label, render: c.code ? (r: Values) => <Box component="code" sx={{ fontFamily: 'monospace' }}>{String(r[c.field] ?? '')}</Box> : undefined })),
    ...(canEdit ? [{ key: '__edit', label: '操作', render: (r: Values) => <Button size="small" onClick={() => setEditing({ ...blank, ...Object.fromEntries(panel.fields.map((f) => [f.name, r[f.name] ?? ''])), id: r.id })}>编辑</Button> }] : []),
  ];
  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid={panel.testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {panel.label}
        </Typography>
        {canEdit && (
          <Button onClick={() => setEditing(blank)} disabled={!rows || full} title={full ? panel.save.maxText : undefined}>
            {panel.save.add}
          </Button>
        )}
        {canEdit && panel.reset && (
          <Button color="warning" onClick={() => setAsking(true)} disabled={resetting}>
            {panel.reset.label}
          </Button>
        )}
      </Box>
      {panel.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {panel.note}
        </Typography>
      )}
      {error && <Alert severity="warning">{error}</Alert>}
      {!error && <PagedTable paged={false} columns={columns} rows={rows?.map((r) => ({ ...r, id: Number(r.id) }))} loading={!rows} total={rows?.length ?? 0} pageNum={1} pageSize={rows?.length ?? 0} onPage={() => undefined} onPageSize={() => undefined} rowTestId={panel.rowTestId} empty={panel.empty} ariaLabel={panel.label} />}
      <RecordDialog decl={decl} panel={panel} editing={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), void load())} />
      <Confirm isOpen={asking} loading={resetting} title={resetAction?.confirmTitle ?? '提示'} content={resetAction?.confirm ?? ''} confirm="确定" cancel="取消" onConfirm={reset} onClose={() => setAsking(false)} />
    </Paper>
  );
}

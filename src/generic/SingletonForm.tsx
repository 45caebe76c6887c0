import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { SaveButton, SimpleForm, Title, Toolbar, useCanAccess, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../providers';
import { emitWarningToast } from '../../providers';
import { crudCall } from '../../resources/declaredCalls';
import type { ResourceDecl } from '../../resources/types';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { FormGrid } from './FormGrid';
import { formFields } from './GenericForm';
import { ListLoading } from './GenericList';
import { renderInput } from './inputs';

type Rec = Record<string, unknown>;
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** What the server changed in a saved value (`<field>Notes`: a list of sentences in the save's answer). */
function notesOf(decl: ResourceDecl, answer: Rec): { label: string; notes: string[] }[] {
  return formFields(decl)
    .map((f) => ({ label: f.label, notes: answer[`${f.name}Notes`] }))
    .filter((n): n is { label: string; notes: unknown[] } => Array.isArray(n.notes) && n.notes.length > 0)
    .map((n) => ({ label: n.label, notes: n.notes.map(String) }));
}

/**
 * The one record of a singleton declaration (站点设置) as its list, show and edit view: the form of the
 * declared fields over the get call's answer; 保存 sends only the changed fields to the update call.
 */
export function SingletonForm({ decl }: { decl: ResourceDecl }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const success = useSuccessNotifier();
  const { canAccess: canSave } = useCanAccess({ action: 'edit', resource: decl.name });
  const [record, setRecord] = useState<Rec | null>(null);
  const [failed, setFailed] = useState(false);
  const [notes, setNotes] = useState<{ label: string; notes: string[] }[]>([]);
  const load = useCallback(() => {
    dataProvider.call<Rec>(crudCall(decl, 'get')).then(setRecord, () => setFailed(true));
  }, [dataProvider, decl]);
  useEffect(load, [load]);

  const save = async (values: Rec) => {
    if (!record) return;
    const changed: Rec = {};
    for (const f of formFields(decl)) if (!same(values[f.name], record[f.name])) changed[f.name] = values[f.name] ?? null;
    if (Object.keys(changed).length === 0) return emitWarningToast('未修改任何内容，不需要提交');
    try {
      const saved = await dataProvider.call<Rec>(crudCall(decl, 'update'), { body: changed });
      setRecord({ ...record, ...saved });
      setNotes(notesOf(decl, saved));
      success('保存成功');
    } catch {
      /* shown by the http client */
    }
  };

  if (failed) return <Alert severity="error" sx={{ mt: 2 }}>{decl.label}加载失败</Alert>;
  if (!record) return <ListLoading />;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={decl.label} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h1">
          {decl.label}
        </Typography>
        {record.updateTime ? (
          <Typography variant="body2" color="text.secondary">
            最后修改：{String(record.updaterName ?? '')} {String(record.updateTime)}
          </Typography>
        ) : null}
        {!canSave && <Alert severity="info" sx={{ mt: 1 }}>没有修改{decl.label}的权限，只能查看。</Alert>}
      </CardContent>
      <SimpleForm
        key={String(record.updateTime ?? 'new')}
        record={record}
        onSubmit={save}
        disabled={!canSave}
        toolbar={canSave ? <Toolbar><SaveButton label="保存" alwaysEnable /></Toolbar> : false}
      >
        {/* The grid of the generic forms: equal widths, long text and images on a row of their own. */}
        <FormGrid fields={formFields(decl)} render={(field) => renderInput(field, decl)} />
      </SimpleForm>
      <Box sx={{ px: 2, pb: notes.length ? 2 : 0, maxWidth: 900 }} aria-live="polite">
        {notes.map((n) => (
          <Alert key={n.label} severity="warning" sx={{ mt: 1 }} onClose={() => setNotes([])}>
            {n.label}已由服务器调整：
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {n.notes.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </Box>
          </Alert>
        ))}
      </Box>
    </Card>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { SaveButton, SelectInput, SimpleForm, Title, Toolbar, useCanAccess } from 'react-admin';
import siteSetting from '../../resources/siteSetting';
import { emitWarningToast } from '../../providers';
import { renderInput } from '../generic/inputs';
import { formFields } from '../generic/GenericForm';
import { dataProvider } from '../data';
import type { PageDecl } from '../pages';
import { templateApi, type SkinInfo } from '../components/codeEditor/templateApi';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { ImageUploadInput } from '../components/imageUpload/ImageUpload';

type SiteRecord = Record<string, unknown>;

const NOTHING_CHANGED = '未修改任何内容，不需要提交';
const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

/**
 * 站点设置: one form (no list) over the single settings record; saves only the changed fields
 * (POST /site/setting/save). The static pages take their meta tags from it.
 */
export function SiteSettingForm() {
  const success = useSuccessNotifier();
  const { canAccess: canSave } = useCanAccess({ action: 'siteSetting:update', resource: 'siteSetting' });
  const [record, setRecord] = useState<SiteRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const [skins, setSkins] = useState<SkinInfo[] | null>(null);
  // What the server changed in the pasted statistics code (inline script removed, src extracted).
  const [statNotes, setStatNotes] = useState<string[]>([]);

  const load = useCallback(() => {
    dataProvider.callExtra<SiteRecord>('siteSetting', 'current').then(
      (r) => setRecord({ ...r, id: 1 }),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    // Skins for the 当前模板 select; without template:list the field stays a text box.
    templateApi.skins().then(setSkins, () => setSkins(null));
  }, []);

  const save = async (values: SiteRecord) => {
    if (!record) return;
    const changed: SiteRecord = {};
    for (const f of formFields(siteSetting)) if (!same(values[f.name], record[f.name])) changed[f.name] = values[f.name] ?? null;
    if (Object.keys(changed).length === 0) {
      emitWarningToast(NOTHING_CHANGED);
      return;
    }
    try {
      const saved = await dataProvider.callExtra<SiteRecord>('siteSetting', 'save', { body: changed });
      const { statCodeNotes, ...rest } = saved;
      setRecord({ ...rest, id: 1 });
      setStatNotes(Array.isArray(statCodeNotes) ? statCodeNotes.map(String) : []);
      success('保存成功');
    } catch {
      /* shown by the http client */
    }
  };

  if (failed) return <Alert severity="error" sx={{ mt: 2 }}>站点设置加载失败</Alert>;
  if (!record)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
        <CircularProgress size={20} /> 正在加载…
      </Box>
    );
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="站点设置" />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h1">站点设置</Typography>
        <Typography variant="body2" color="text.secondary">
          网站标识信息集中在这里维护：每个静态页面的页脚和元数据、年度报表、站点监测的标识检查都读取这里的内容，修改后请重新生成站点。
          {record.updateTime ? ` · 最后修改：${String(record.updaterName ?? '')} ${String(record.updateTime)}` : ''}
        </Typography>
        {!canSave && <Alert severity="info" sx={{ mt: 1 }}>没有修改站点设置的权限，只能查看。</Alert>}
      </CardContent>
      <SimpleForm
        key={String(record.updateTime ?? 'new')}
        record={record}
        onSubmit={save}
        disabled={!canSave}
        toolbar={canSave ? <Toolbar><SaveButton label="保存" alwaysEnable /></Toolbar> : false}
        sx={{ maxWidth: 900 }}
      >
        {formFields(siteSetting).map((f) =>
          f.name === 'templateSkin' && skins ? (
            <SelectInput key={f.name} source="templateSkin" label={f.label} choices={skins.map((s) => ({ id: s.name, name: s.name }))} />
          ) : f.type === 'image' ? (
            // A real upload (jpg/png/gif); the generated pages publish the file with the site.
            <ImageUploadInput key={f.name} source={f.name} label={f.label} />
          ) : (
            renderInput(f)
          ),
        )}
      </SimpleForm>
      <Box sx={{ px: 2, pb: statNotes.length ? 2 : 0, maxWidth: 900 }} aria-live="polite">
        {statNotes.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setStatNotes([])}>
            网站统计代码已按网站安全策略调整（内联脚本不能在门户网站运行）：
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {statNotes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </Box>
          </Alert>
        )}
      </Box>
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/siteSet', component: SiteSettingForm };
export default page;

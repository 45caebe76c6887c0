import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess } from 'react-admin';
import { dataProvider } from '../data';
import type { PageDecl } from '../pages';
import { templateApi, TEMPLATE_KEYS, type SkinInfo } from '../components/codeEditor/templateApi';
import { PagingBar } from '../components/list/PagingBar';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { TemplateUpgrades } from '../components/codeEditor/TemplateUpgrades';
import { SkinTable } from '../components/codeEditor/SkinTable';
import { NewSkinDialog } from '../components/codeEditor/NewSkinDialog';
import { ConfirmedAction } from '../components/codeEditor/ConfirmedAction';

/** The skins, loaded in one call (they are few), with a reload after each change. */
function useSkins() {
  const [skins, setSkins] = useState<SkinInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    templateApi.skins().then(setSkins, () => {
      setSkins([]);
      setFailed(true);
    });
  }, []);
  useEffect(load, [load]);
  return { skins, failed, load };
}

/** 模板管理: the skins (template sets) under the templates root; open one to browse its files. */
function TemplateSkins() {
  const { canAccess: canWrite } = useCanAccess({ action: TEMPLATE_KEYS.write, resource: 'template' });
  const { canAccess: canDelete } = useCanAccess({ action: TEMPLATE_KEYS.delete, resource: 'template' });
  const { canAccess: canSetSkin } = useCanAccess({ action: 'siteSetting:update', resource: 'siteSetting' });
  const { skins, failed, load } = useSkins();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<SkinInfo | null>(null);
  const [toUse, setToUse] = useState<SkinInfo | null>(null);
  const [name, setName] = useState('');
  const [applied, setApplied] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  // Searched and paged here: the skins come in one call.
  const matching = (skins ?? []).filter((s) => s.name.includes(applied.trim()));
  const shown = matching.slice((paging.pageNum - 1) * paging.pageSize, paging.pageNum * paging.pageSize);
  const search = (value: string) => (setApplied(value), setPaging({ ...paging, pageNum: 1 }));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="模板管理" />
      <CardContent>
        <PlainSearchForm onSearch={() => search(name)} onReset={() => (setName(''), search(''))}>
          <TextField size="small" label="模板名称" value={name} onChange={(e) => setName(e.target.value)} />
        </PlainSearchForm>
        <PortalToolbar>
          {canWrite && (
            <Button variant="contained" size="small" onClick={() => setCreating(true)}>
              新建模板
            </Button>
          )}
        </PortalToolbar>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          每个模板是模板目录下的一个文件夹，静态页面按“当前模板”生成。
        </Typography>
        <SkinTable skins={skins} shown={shown} failed={failed} canSetSkin={canSetSkin === true} canDelete={canDelete === true} onUse={setToUse} onDelete={setToDelete} />
        <PagingBar total={matching.length} pageNum={paging.pageNum} pageSize={paging.pageSize} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
        <TemplateUpgrades canWrite={canWrite === true} />
      </CardContent>
      <NewSkinDialog open={creating} onClose={() => setCreating(false)} onCreated={load} />
      <ConfirmedAction
        target={toDelete}
        question={(s) => `确定删除模板“${s.name}”吗？只能删除空的模板文件夹。`}
        run={(s) => templateApi.remove(s.path)}
        done="删除成功"
        onClose={() => setToDelete(null)}
        onDone={load}
      />
      <ConfirmedAction
        target={toUse}
        question={(s) => `确定将“${s.name}”设为当前模板吗？重新生成静态页面后生效。`}
        run={(s) => dataProvider.callExtra('siteSetting', 'save', { body: { templateSkin: s.name } })}
        done="设置成功"
        onClose={() => setToUse(null)}
        onDone={load}
      />
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/template', component: TemplateSkins };
export default page;

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useLocation } from 'react-admin';
import type { PageDecl } from '../pages';
import { templateApi, TEMPLATE_KEYS, type TemplateEntry } from '../components/codeEditor/templateApi';
import { ConfirmedAction } from '../components/codeEditor/ConfirmedAction';
import { EntryTable } from '../components/codeEditor/EntryTable';
import { FolderBreadcrumbs } from '../components/codeEditor/FolderBreadcrumbs';
import { NewEntryDialog } from '../components/codeEditor/NewEntryDialog';

/** One folder's entries, reloaded when the folder changes or after a change. */
function useFolder(folder: string) {
  const [entries, setEntries] = useState<TemplateEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setEntries(null);
    setFailed(false);
    templateApi.list(folder).then(setEntries, () => {
      setEntries([]);
      setFailed(true);
    });
  }, [folder]);
  useEffect(load, [load]);
  return { entries, failed, load };
}

const deleteQuestion = (e: TemplateEntry) =>
  e.type === 'DIR' ? `确定删除文件夹“${e.name}”吗？只能删除空文件夹。` : `确定删除文件“${e.name}”吗？删除后不能恢复。`;

/** 模板文件: one folder of the templates root, with breadcrumbs; folders listed before files. */
function TemplateFiles() {
  const location = useLocation();
  const folder = new URLSearchParams(location.search).get('folder') ?? '';
  const { canAccess: canWrite } = useCanAccess({ action: TEMPLATE_KEYS.write, resource: 'template' });
  const { canAccess: canDelete } = useCanAccess({ action: TEMPLATE_KEYS.delete, resource: 'template' });
  const { entries, failed, load } = useFolder(folder);
  const [dialog, setDialog] = useState<'file' | 'folder' | null>(null);
  const [toDelete, setToDelete] = useState<TemplateEntry | null>(null);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="模板文件" />
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <FolderBreadcrumbs folder={folder} />
          {canWrite && (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" onClick={() => setDialog('folder')}>
                新建文件夹
              </Button>
              <Button variant="contained" onClick={() => setDialog('file')}>
                新建文件
              </Button>
            </Box>
          )}
        </Box>
        <EntryTable entries={entries} failed={failed} canWrite={canWrite === true} canDelete={canDelete === true} onDelete={setToDelete} />
      </CardContent>
      <NewEntryDialog kind={dialog} folder={folder} entries={entries} onClose={() => setDialog(null)} onCreated={load} />
      <ConfirmedAction target={toDelete} question={deleteQuestion} run={(e) => templateApi.remove(e.path)} done="删除成功" onClose={() => setToDelete(null)} onDone={load} />
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/templateFile', component: TemplateFiles };
export default page;

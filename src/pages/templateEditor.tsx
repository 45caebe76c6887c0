import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Confirm, Title, useBlocker, useCanAccess, useCanBlock, useLocation, useNavigate } from 'react-admin';
import type { PageDecl } from '../pages';
import { CodeEditor } from '../components/codeEditor/CodeEditor';
import { parentOf, templateApi, templateLinks, TEMPLATE_KEYS } from '../components/codeEditor/templateApi';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

const LEAVE_MESSAGE = '当前文件有未保存的修改，确定离开吗？';

/** Asks before an in-app navigation drops unsaved changes (needs a data router; skipped otherwise). */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(dirty);
  return (
    <Confirm
      isOpen={blocker.state === 'blocked'}
      title="提示信息"
      content={LEAVE_MESSAGE}
      confirm="确定"
      cancel="取消"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

/** 模板编辑: edit one text template in a monospace editor and save it; warns before leaving unsaved changes. */
function TemplateEditor() {
  const location = useLocation();
  const navigate = useNavigate();
  const success = useSuccessNotifier();
  const canBlock = useCanBlock();
  const params = new URLSearchParams(location.search);
  const file = params.get('file') ?? '';
  const isNew = params.get('new') === '1';
  const { canAccess: canWrite, isPending } = useCanAccess({ action: TEMPLATE_KEYS.write, resource: 'template' });
  const [content, setContent] = useState<string | null>(isNew ? '' : null);
  const [saved, setSaved] = useState(isNew ? null : '');
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState(!isNew);

  useEffect(() => {
    if (isNew || !file) return;
    templateApi.read(file).then(
      (r) => {
        setContent(r.content);
        setSaved(r.content);
      },
      () => setFailed(true),
    );
  }, [file, isNew]);

  const dirty = content !== null && content !== saved;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = LEAVE_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const save = async () => {
    if (content === null) return;
    setSaving(true);
    try {
      const r = await templateApi.write(file, content);
      setSaved(content);
      setCreated(true);
      success(r.created ? '新建成功' : '保存成功');
    } catch {
      /* shown by the http client */
    } finally {
      setSaving(false);
    }
  };

  if (!file) return <Alert severity="warning" sx={{ mt: 2 }}>未指定文件</Alert>;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="模板编辑" />
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="h6" component="h1">{isNew && !created ? '新建文件' : '编辑文件'}</Typography>
            <Typography variant="body2" color="text.secondary" data-testid="template-path">
              {file}
              {dirty && '（未保存）'}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={() => navigate(templateLinks.folder(parentOf(file)))}>返回</Button>
            {canWrite && (
              <Button variant="contained" onClick={save} disabled={saving || content === null || (!dirty && created)}>
                {saving ? '正在保存…' : '保存'}
              </Button>
            )}
          </Box>
        </Box>
        {!isPending && !canWrite && <Alert severity="info" sx={{ mb: 2 }}>没有编辑模板的权限，只能查看。</Alert>}
        {failed ? (
          <Alert severity="error">文件加载失败</Alert>
        ) : content === null ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
            <CircularProgress size={20} /> 正在加载…
          </Box>
        ) : (
          <CodeEditor value={content} onChange={canWrite ? setContent : undefined} readOnly={!canWrite} label="模板内容" />
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          模板使用 LiquidJS 语法，可用变量：site（站点设置）、column（栏目）、article（文章）、articles（文章列表）、pagination（分页）、navColumns、hotWords。文件不超过1MB。
        </Typography>
      </CardContent>
      {canBlock && <LeaveGuard dirty={dirty} />}
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/templateEditor', component: TemplateEditor };
export default page;

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCanAccess, useLocation, useNavigate } from 'react-admin';
import type { PageDecl } from '../pages';
import { CodeEditor } from '../components/codeEditor/CodeEditor';
import { formatSize, parentOf, templateApi, templateLinks, TEMPLATE_KEYS, type FileContent } from '../components/codeEditor/templateApi';

/** 模板详情: one template file, read-only. */
function TemplateContent() {
  const location = useLocation();
  const navigate = useNavigate();
  const file = new URLSearchParams(location.search).get('file') ?? '';
  const { canAccess: canWrite } = useCanAccess({ action: TEMPLATE_KEYS.write, resource: 'template' });
  const [data, setData] = useState<FileContent | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!file) return;
    setData(null);
    setFailed(false);
    templateApi.read(file).then(setData, () => setFailed(true));
  }, [file]);

  if (!file) return <Alert severity="warning" sx={{ mt: 2 }}>未指定文件</Alert>;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="模板详情" />
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="h6" component="h1">{data?.name ?? file}</Typography>
            <Typography variant="body2" color="text.secondary">
              {file}
              {data && ` · ${formatSize(data.size)} · 修改时间：${data.updateTime}`}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={() => navigate(templateLinks.folder(parentOf(file)))}>返回</Button>
            {canWrite && (
              <Button variant="contained" onClick={() => navigate(templateLinks.edit(file))}>编辑</Button>
            )}
          </Box>
        </Box>
        {failed ? (
          <Alert severity="error">文件加载失败</Alert>
        ) : data === null ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 3 }}>
            <CircularProgress size={20} /> 正在加载…
          </Box>
        ) : (
          <CodeEditor value={data.content} readOnly label="模板内容（只读）" />
        )}
      </CardContent>
    </Card>
  );
}

const page: PageDecl = { path: '/main/system/tempContent', component: TemplateContent };
export default page;

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { generationCalls } from '../../../resources/calls/generation';
import { dataProvider } from '../../data';
import { withSiteBase } from './siteLink';
import { messageOf } from './types';

/** 首页预览: the home page rendered with the current templates, shown in an inert iframe (nothing is written). */
export function HomePreviewCard() {
  const [preview, setPreview] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setLoading(true);
    setError(null);
    try {
      setPreview(withSiteBase(await dataProvider.call<string>(generationCalls.view, { path: { columnId: 0 } })));
    } catch (e) {
      setPreview(null);
      setError(messageOf(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
          <Typography variant="h6">首页预览</Typography>
          <Button variant="outlined" disabled={loading} onClick={() => void load()}>
            {preview === null ? '预览首页' : '刷新预览'}
          </Button>
        </Stack>
        {loading && <LinearProgress />}
        {error && <Alert severity="error">{error}</Alert>}
        {preview === null && !loading && !error && <Typography color="text.secondary">点击“预览首页”查看按当前模板渲染的首页（不会写入文件）</Typography>}
        {preview !== null && (
          <iframe
            title="首页预览"
            srcDoc={preview}
            // No scripts, no forms, no same-origin access: the preview is inert.
            sandbox=""
            style={{ width: '100%', height: 640, border: '1px solid #ddd', borderRadius: 4 }}
          />
        )}
      </CardContent>
    </Card>
  );
}

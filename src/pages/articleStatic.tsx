import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Title, useCanAccess } from 'react-admin';
import { GenerateCard } from '../components/generation/GenerateCard';
import { HomePreviewCard } from '../components/generation/HomePreviewCard';
import type { PageDecl } from '../pages';

export { flattenColumns } from '../components/generation/types';

/** Permission keys of the generation module (server/modules/generation). */
export const GENERATION_KEYS = { run: 'generation:run', view: 'generation:view' } as const;

/**
 * 静态生成 (/main/article/static): generate the home page, one or every column's list pages, and the
 * articles published since a date, with progress and results; a sandboxed preview of the home page.
 */
export function ArticleStatic() {
  const { canAccess: canRun } = useCanAccess({ action: GENERATION_KEYS.run, resource: 'article_static' });
  const { canAccess: canView } = useCanAccess({ action: GENERATION_KEYS.view, resource: 'article_static' });
  return (
    <Box sx={{ p: 2 }}>
      <Title title="静态生成" />
      <Stack spacing={2}>
        {canRun === false && canView === false && <Alert severity="warning">您没有静态生成的权限</Alert>}
        {canRun && <GenerateCard />}
        {canView && <HomePreviewCard />}
      </Stack>
    </Box>
  );
}

const page: PageDecl = { path: '/main/article/static', component: ArticleStatic };
export default page;

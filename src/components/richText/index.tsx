import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { RichTextInputProps } from 'ra-input-rich-text';

/** tiptap weighs ~140 KB gzip: it loads only when a form with rich text shows. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextInput(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', height: 120 }}>
          <CircularProgress size={18} />
          <Typography variant="body2" color="text.secondary">
            正在加载编辑器…
          </Typography>
        </Box>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

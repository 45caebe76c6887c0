import type { ReactNode } from 'react';
import articleDecl from '../../../resources/article';
import { RecordPreviewButton, RecordPreviewDialog } from '../../generic/RecordPreview';

// 文章's 预览 is the declaration's `preview` (resources/article.ts) in the generic dialog; these names are
// kept for the screens that open it (待审文章, 信息报送's lists and 预览 panel).
type Rec = Record<string, unknown>;

export function ArticlePreviewDialog(props: { articleId: number; title: string; open: boolean; onClose: () => void; actions?: (a: Rec) => ReactNode }) {
  return <RecordPreviewDialog decl={articleDecl} id={props.articleId} title={props.title} open={props.open} onClose={props.onClose} actions={props.actions} />;
}

export function PreviewButton(props: { articleId: number; title: string; actions?: (a: Rec, close: () => void) => ReactNode }) {
  return <RecordPreviewButton decl={articleDecl} id={props.articleId} title={props.title} actions={props.actions} />;
}

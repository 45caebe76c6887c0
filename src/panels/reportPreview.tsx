import { useRecordContext } from 'react-admin';
import { ArticlePreviewDialog } from '../views/content/ArticlePreview';

/** 报送管理's 预览 (resources/report.ts `dialog`): the submitted article's preview, opened from its row. */
export default function ReportPreview({ onClose }: { onClose: () => void }) {
  const record = useRecordContext();
  if (!record) return null;
  return <ArticlePreviewDialog articleId={Number(record.articleId)} title={String(record.title ?? '')} open onClose={onClose} />;
}

import type { RaRecord } from 'react-admin';
import { getResource } from '../resources';
import { RecordPreviewDialog } from './RecordPreview';

/**
 * An action's `previewOf` (resources/shape/actions.ts): the named entity's declared `preview` of the row's
 * record — its id under that entity's idField, its title that entity's titleField (a marked entity's row
 * carries both: 报送管理's 预览 opens the article's). Clicks inside stay here (a list row's click opens the record).
 */
export function PreviewOfDialog({ entity, record, onClose }: { entity: string; record: RaRecord; onClose: () => void }) {
  const decl = getResource(entity);
  if (!decl) return null;
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <RecordPreviewDialog decl={decl} id={Number(record[decl.idField])} title={String(record[decl.titleField] ?? '')} open onClose={onClose} />
    </span>
  );
}

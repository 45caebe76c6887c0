import articleDecl from '../../../resources/article';
import type { FieldDecl } from '../../../resources/types';
import { EnumChip } from '../../generic/fields';

// 文章's screens are the generic views (resources/article.ts). This is only the status chip other screens
// import from here (信息报送's src/views/report/common.tsx): the declared status as the generic chip.
const statusField = (articleDecl.fields as readonly FieldDecl[]).find((f) => f.name === 'status')!;

export function StatusChip({ status }: { status: unknown }) {
  return <EnumChip field={statusField} value={status} />;
}

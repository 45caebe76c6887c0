import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { parseDetails } from './detailParts';
import { renderField } from './fields';

/** Internal keys staff never need to read (ID, 创建人ID, 部门ID…): the show view leaves them out. */
export function isInternalId(field: FieldDecl): boolean {
  return /(^|[^A-Za-z])ID$/.test(field.label) || field.name === 'id';
}

/** Fields that take a whole row of the grid: long or rich content. */
const WIDE = new Set(['richtext', 'textarea', 'image']);

export { parseDetails } from './detailParts';

function Value({ decl, field }: { decl: ResourceDecl; field: FieldDecl }) {
  const record = useRecordContext();
  const details = field.type === 'text' || field.type === 'textarea' ? parseDetails(record?.[field.name], field.partLabels) : null;
  if (details) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {details.map(([k, v]) => (
          <li key={k}>
            <Typography variant="body2" component="span" color="text.secondary">{k}：</Typography>
            <Typography variant="body2" component="span">{v}</Typography>
          </li>
        ))}
      </Box>
    );
  }
  return renderField(decl, field, false);
}

/**
 * The show view's fields as a descriptions grid (issue 23): label beside value, two columns at desktop
 * width, three on wide screens, one on phones (or `oneColumn`, in a drawer); rich text and long text take a whole row.
 */
export function ShowGrid({ decl, fields, oneColumn }: { decl: ResourceDecl; fields: readonly FieldDecl[]; oneColumn?: boolean }) {
  // One column in a narrow container (a drawer), whatever the window's width.
  const columns = oneColumn ? 'minmax(0, 1fr)' : { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' };
  return (
    <Box component="dl" data-testid="show-grid" sx={{ display: 'grid', gridTemplateColumns: columns, columnGap: 3, rowGap: 1.5, m: 0, p: oneColumn ? 0 : 2 }}>
      {fields.filter((f) => !isInternalId(f)).map((field) => (
        <Box key={field.name} sx={{ display: 'grid', gridTemplateColumns: '8em minmax(0, 1fr)', gap: 1, alignItems: 'baseline', gridColumn: WIDE.has(field.type) ? '1 / -1' : undefined }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            {field.label}
          </Typography>
          <Box component="dd" data-field={field.name} sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Value decl={decl} field={field} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

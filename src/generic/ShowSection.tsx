import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';

/** A titled section under a show view's fields: a declared table (`showTables`) or a show panel. */
export function ShowSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ mt: 3, px: 2, pb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One titled section per declared item (`showPaged`, `showStatus`) for the record shown, in order; nothing
 * without a record or items. `keyOf` names an item among its siblings.
 */
export function ShowSections<T extends { label: string }>({ items, keyOf, children }: { items: readonly T[] | undefined; keyOf: (item: T) => string; children: (item: T, record: RaRecord) => ReactNode }) {
  const record = useRecordContext();
  if (!record || !items?.length) return null;
  return (
    <>
      {items.map((item) => (
        <ShowSection key={keyOf(item)} title={item.label}>
          {children(item, record)}
        </ShowSection>
      ))}
    </>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';

/**
 * A row's expansion: the values of the columns folded because the table is narrow (issue 23), label
 * beside value. `cells` are the folded columns' field elements, in list order.
 */
export function FoldedColumns({ cells }: { cells: readonly { label: string; element: ReactElement }[] }) {
  return (
    <Box component="dl" data-testid="folded-columns" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 1, m: 0, py: 1 }}>
      {cells.map(({ label, element }) => (
        <Box key={label} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {label}：
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {element}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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

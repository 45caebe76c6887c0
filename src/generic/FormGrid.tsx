import Box from '@mui/material/Box';
import type { ReactElement } from 'react';
import type { FieldDecl } from '../../resources/types';

/** Fields that take a whole row of the form: long text, rich text, pictures and files. */
const WIDE = new Set<FieldDecl['type']>(['textarea', 'richtext', 'image', 'file']);

/**
 * A form's inputs in one grid (issue 23): two equal columns on desktop, one on phones; every input fills
 * its cell, so text boxes, selects, numbers and dates are the same width; long content takes a whole row.
 */
export function FormGrid({ fields, render }: { fields: readonly FieldDecl[]; render: (field: FieldDecl) => ReactElement }) {
  return (
    <Box
      data-testid="form-grid"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        width: '100%',
        maxWidth: 1100,
        '& .MuiFormControl-root, & .MuiTextField-root, & .MuiAutocomplete-root': { width: '100%' },
      }}
    >
      {fields.map((field) => (
        <Box key={field.name} data-field={field.name} sx={{ minWidth: 0, gridColumn: WIDE.has(field.type) ? '1 / -1' : undefined }}>
          {render(field)}
        </Box>
      ))}
    </Box>
  );
}

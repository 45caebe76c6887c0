import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import type { ResourceDecl, ShowTableDecl } from '../../resources/types';
import { ShowSection } from './ShowSection';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
type Column = ShowTableDecl['columns'][number];
/** The cell's text: the option's label for a stored value a column names (else the value itself). */
const cellText = (c: Column, v: unknown) => c.options?.find((o) => String(o.value) === text(v))?.label ?? text(v);

/** Rows of an answered array as a table of the declared columns, or the empty text. */
export function RowsTable({ rows, table }: { rows: readonly Record<string, unknown>[]; table: Pick<ShowTableDecl, 'label' | 'columns' | 'empty' | 'rowTestId'> }) {
  return rows.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      {table.empty ?? '暂无记录'}
    </Typography>
  ) : (
    <Table size="small" aria-label={table.label}>
      <TableHead>
        <TableRow>
          {table.columns.map((c) => (
            <TableCell key={c.field}>{c.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i} data-testid={table.rowTestId}>
            {table.columns.map((c) => (
              <TableCell key={c.field}>{cellText(c, row[c.field])}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
      );
}

/** One declared table of an array the get call answered (`showTables`): its heading, columns, or its empty text. */
function ShowTable({ table }: { table: ShowTableDecl }) {
  const record = useRecordContext();
  const rows = Array.isArray(record?.[table.source]) ? (record[table.source] as Record<string, unknown>[]) : [];
  return (
    <ShowSection title={table.label}>
      <RowsTable rows={rows} table={table} />
    </ShowSection>
  );
}

/** The declaration's `showTables`, in order, under the show view's fields. */
export function ShowTables({ decl }: { decl: ResourceDecl }) {
  if (!decl.showTables?.length) return null;
  return (
    <Box>
      {decl.showTables.map((t) => (
        <ShowTable key={t.source} table={t} />
      ))}
    </Box>
  );
}

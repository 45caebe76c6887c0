import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInput, useRecordContext } from 'react-admin';
import type { ChildDecl } from '../../resources/relations/children';
import type { ResourceDecl } from '../../resources/types';
import { formChildren, newRow, renumber, rowHeading, rowsEditable, shownUnder, startRows } from './childRows';
import { FieldInput } from './plainFields';
import type { Row } from './plainTypes';

interface RowsProps {
  child: ChildDecl;
  /** The input names' prefix: `questions`, `questions.0.options`. */
  path: string;
  rows: Row[];
  locked: boolean;
  onChange: (rows: Row[]) => void;
}

/** A delete button, disabled at the collection's least rows. */
function RemoveButton({ child, rows, index, locked, onChange }: RowsProps & { index: number }) {
  return (
    <IconButton aria-label={`删除${child.label}`} size="small" disabled={locked || rows.length <= (child.form?.min ?? 0)} onClick={() => onChange(renumber(child, rows.filter((_, k) => k !== index)))}>
      <DeleteOutlineIcon fontSize="small" />
    </IconButton>
  );
}

function AddButton({ child, rows, locked, onChange, variant }: RowsProps & { variant?: 'outlined' }) {
  if (locked) return null;
  return (
    <Box>
      <Button size="small" variant={variant} startIcon={<AddIcon />} onClick={() => onChange(renumber(child, [...rows, newRow(child)]))}>
        添加{child.label}
      </Button>
    </Box>
  );
}

/** A nested collection with one input (a question's options): a text box per row, named by its position. */
function SingleInputRows(props: RowsProps) {
  const { child, path, rows, locked, onChange } = props;
  const field = child.form!.fields[0]!;
  return (
    <Stack spacing={1} sx={{ pl: 8 }}>
      {rows.map((row, j) => (
        <Stack key={j} direction="row" spacing={1} alignItems="center">
          <FieldInput
            field={{ ...field, name: `${path}.${j}`, label: `${field.label}${j + 1}` }}
            disabled={locked}
            value={row[field.name]}
            onChange={(v) => onChange(rows.map((r, k) => (k === j ? { ...r, [field.name]: v } : r)))}
          />
          <RemoveButton {...props} index={j} />
        </Stack>
      ))}
      <AddButton {...props} />
    </Stack>
  );
}

/** One row's card: its heading, its inputs in a line, its delete button, then its nested collections. */
function RowCard(props: RowsProps & { index: number }) {
  const { child, path, rows, index, locked, onChange } = props;
  const row = rows[index]!;
  const set = (patch: Row) => onChange(rows.map((r, k) => (k === index ? { ...r, ...patch } : r)));
  return (
    <Card sx={{ mt: 2 }} data-testid={`child-row-${child.name}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} alignItems="center">
            {child.form?.rowLabel && <Typography sx={{ minWidth: 48, flexShrink: 0 }}>{rowHeading(child, index)}</Typography>}
            {child.form!.fields.map((f) => (
              <Box key={f.name} sx={{ flex: f.type === 'enum' ? '0 0 120px' : 1, minWidth: 0, '& .MuiFormControlLabel-label': { whiteSpace: 'nowrap' } }}>
                <FieldInput field={{ ...f, name: `${path}.${index}.${f.name}` }} disabled={locked} value={row[f.name]} onChange={(v) => set({ [f.name]: v })} />
              </Box>
            ))}
            <RemoveButton {...props} />
          </Stack>
          {formChildren(child)
            .filter((sub) => shownUnder(sub, row))
            .map((sub) => {
              const subProps: RowsProps = { child: sub, path: `${path}.${index}.${sub.name}`, rows: (row[sub.name] as Row[] | undefined) ?? [], locked, onChange: (subRows) => set({ [sub.name]: subRows }) };
              return sub.form!.fields.length === 1 ? <SingleInputRows key={sub.name} {...subProps} /> : <Box key={sub.name} sx={{ pl: 8 }}><Rows {...subProps} /></Box>;
            })}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * A declared child collection edited inside the record's form (ChildDecl `form`, docs/extending.md): the
 * rows are the form's value under the collection's name, sent with the record; locked (disabled, with the
 * declared note, never sent) when the record is not in an `editableWhen` state.
 */
export function ChildRowsInput({ child }: { decl: ResourceDecl; child: ChildDecl }) {
  const record = useRecordContext<Row>();
  const { field } = useInput({ source: child.name, defaultValue: startRows(child) });
  const rows = (Array.isArray(field.value) ? field.value : []) as Row[];
  const locked = !rowsEditable(child, record);
  const props: RowsProps = { child, path: child.name, rows, locked, onChange: (next) => field.onChange(next) };
  return (
    <Box sx={{ width: '100%', maxWidth: 1100 }} data-testid={`child-rows-${child.name}`}>
      {locked && child.form?.lockedNote && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {child.form.lockedNote}
        </Alert>
      )}
      <Rows {...props} />
    </Box>
  );
}

/** A collection's row cards and its add button. */
function Rows(props: RowsProps) {
  return (
    <>
      {props.rows.map((_, i) => (
        <RowCard key={i} {...props} index={i} />
      ))}
      <Box sx={{ mt: 2 }}>
        <AddButton {...props} variant="outlined" />
      </Box>
    </>
  );
}

/** The collections a declaration's form edits (ChildDecl `form`). */
export const formChildCollections = (decl: ResourceDecl): ChildDecl[] => (decl.children ?? []).filter((c) => c.form);

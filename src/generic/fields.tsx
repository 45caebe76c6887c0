import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { RichTextField, TextField, useFieldValue } from 'react-admin';
import type { EnumOption, FieldDecl, ResourceDecl } from '../../resources/types';
import { imageUrl } from '../format/image';
import { imageBase } from '../portal';
import { DictField } from '../dict/DictInputs';

/** Label of an enum value ('' for no value; the raw value when no option matches). */
export function enumLabel(options: readonly EnumOption[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const option = options?.find((o) => String(o.value) === String(value));
  return option ? option.label : String(value);
}

interface DeclFieldProps {
  source: string;
  label?: string;
  sortable?: boolean;
  field: FieldDecl;
}

export function EnumField({ source, field }: DeclFieldProps) {
  const value = useFieldValue({ source });
  const label = enumLabel(field.options, value);
  return (
    <Typography component="span" variant="body2" data-value={value == null ? '' : String(value)}>
      {label}
    </Typography>
  );
}

export function ImageField({ source, field }: DeclFieldProps) {
  const value = useFieldValue({ source });
  if (typeof value !== 'string' || !value) return null;
  return (
    <Box
      component="img"
      src={imageUrl(value, imageBase)}
      alt={field.label}
      loading="lazy"
      sx={{ height: 40, maxWidth: 80, objectFit: 'cover', borderRadius: 0.5, verticalAlign: 'middle' }}
    />
  );
}

export function UrlField({ source }: DeclFieldProps) {
  const value = useFieldValue({ source });
  if (typeof value !== 'string' || !value) return null;
  const safe = /^https?:\/\//i.test(value);
  if (!safe) return <Typography component="span" variant="body2">{value}</Typography>;
  return (
    <Link href={value} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()} variant="body2">
      {value}
    </Link>
  );
}

/**
 * The field renderer for a declared field. `inTable` leaves out what does not fit a table cell
 * (rich text; returns null).
 */
export function renderField(decl: ResourceDecl, field: FieldDecl, inTable: boolean): ReactElement | null {
  const key = field.name;
  const common = {
    source: field.name,
    label: field.label,
    field,
    sortable: inTable ? decl.list.sortable.includes(field.name) : false,
  };
  switch (field.type) {
    case 'enum':
      return <EnumField key={key} {...common} />;
    case 'dict':
      return field.dict ? <DictField key={key} source={field.name} label={field.label} sortable={common.sortable} dict={field.dict} /> : <TextField key={key} source={field.name} label={field.label} sortable={common.sortable} />;
    case 'image':
      return <ImageField key={key} {...common} />;
    case 'url':
      return <UrlField key={key} {...common} />;
    case 'richtext':
      return inTable ? null : <RichTextField key={field.name} source={field.name} label={field.label} />;
    default:
      // Numbers, dates and date-times are shown as the server sends them.
      return <TextField key={field.name} source={field.name} label={field.label} sortable={common.sortable} />;
  }
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { ReferenceField, TextField, useFieldValue, useRecordContext } from 'react-admin';
import type { EnumOption, FieldDecl, ResourceDecl } from '../../resources/types';
import { imageUrl } from '../format/image';
import { imageBase } from '../portal';
import { HtmlViewer } from '../components/htmlViewer/HtmlViewer';
import { DictField } from '../dict/DictInputs';
import { resources } from '../resources';
import { toneOf } from '../../resources/shape/enumTone';
import { ToggleField } from './ToggleField';

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

/** The values of a `multiple` enum: an array, or a comma list as stored. */
export function enumValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? value.split(',') : typeof value === 'number' ? [String(value)] : [];
}

/** One enum value as a chip coloured by what the state means (toneOf); nothing for no value. */
export function EnumChip({ field, value }: { field: FieldDecl; value: unknown }) {
  const label = enumLabel(field.options, value);
  if (!label) return null;
  const option = field.options?.find((o) => String(o.value) === String(value));
  return <Chip size="small" variant="outlined" label={label} color={toneOf(option)} data-value={value == null ? '' : String(value)} />;
}

export function EnumField({ source, field }: DeclFieldProps) {
  const value = useFieldValue({ source });
  if (field.multiple) {
    // A set (文章属性): a chip per chosen option.
    return (
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
        {enumValues(value).map((v) => (
          <Chip key={v} size="small" variant="outlined" label={enumLabel(field.options, v)} />
        ))}
      </Box>
    );
  }
  // A chip per value, coloured by what the state means (toneOf), so states read at a glance.
  return <EnumChip field={field} value={value} />;
}

/** Rich text in a show view: the lazy, sandboxed HTML viewer (renders once scrolled near). */
export function HtmlField({ source, field }: DeclFieldProps) {
  const value = useFieldValue({ source });
  return <HtmlViewer html={typeof value === 'string' ? value : ''} title={`${field.label}预览`} />;
}

/** A field with a declared display (`display.format` / `tone`): its text from the whole record. */
export function DisplayField({ source, field }: DeclFieldProps & { textAlign?: 'left' | 'right' }) {
  const record = useRecordContext();
  if (!record) return null;
  const { format, tone, data } = field.display ?? {};
  const value: unknown = record[source];
  const text = format ? format(record) : value === null || value === undefined ? '' : String(value);
  const attributes = Object.fromEntries(Object.entries(data?.(record) ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <Typography {...attributes} component="span" variant="body2" color={tone?.(record) === 'error' ? 'error' : tone?.(record) === 'success' ? 'success.main' : undefined} sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  );
}

/** A file path as a link that opens the file. */
export function FileField({ source }: DeclFieldProps) {
  const value = useFieldValue({ source });
  if (typeof value !== 'string' || !value) return null;
  return (
    <Link href={imageUrl(value, imageBase)} target="_blank" rel="noopener noreferrer" variant="body2" onClick={(e) => e.stopPropagation()}>
      {value.split('/').pop()}
    </Link>
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
  // A declared toggle (公开结果) is a switch in the table; elsewhere the enum's label.
  if (typeof field.toggle === 'object' && inTable) return <ToggleField key={key} decl={decl} source={field.name} label={field.label} field={field} toggle={field.toggle} />;
  if (field.display) return <DisplayField key={key} {...common} textAlign={field.display.align} />;
  if (field.multiple && field.options) return <EnumField key={key} {...common} />;
  switch (field.type) {
    case 'enum':
      return <EnumField key={key} {...common} />;
    case 'dict':
      return field.dict ? <DictField key={key} source={field.name} label={field.label} sortable={common.sortable} dict={field.dict} /> : <TextField key={key} source={field.name} label={field.label} sortable={common.sortable} />;
    case 'image':
      return <ImageField key={key} {...common} />;
    case 'url':
      return <UrlField key={key} {...common} />;
    case 'file':
      return <FileField key={key} {...common} />;
    case 'reference': {
      const target = resources.find((r) => r.name === field.reference);
      if (!target) return <TextField key={key} source={field.name} label={field.label} sortable={common.sortable} />;
      return (
        <ReferenceField key={key} source={field.name} label={field.label} reference={target.name} link={false} sortable={common.sortable} emptyText="">
          <TextField source={target.titleField} />
        </ReferenceField>
      );
    }
    case 'richtext':
      return inTable ? null : <HtmlField key={field.name} {...common} />;
    default:
      // Numbers, dates and date-times are shown as the server sends them.
      return <TextField key={field.name} source={field.name} label={field.label} sortable={common.sortable} />;
  }
}

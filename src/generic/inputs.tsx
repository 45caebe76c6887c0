import type { ReactElement } from 'react';
import { PickerInput } from '../components/dates/DateInputs';
import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, TextInput, type Validator } from 'react-admin';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { ImageUploadInput } from '../components/imageUpload/ImageUpload';
import { LazyRichTextInput } from '../components/richText';
import { DictSelectInput } from '../dict/DictInputs';
import { LengthCounter, maxChars } from '../components/form/LengthCounter';
import { FileUploadInput } from './FileUploadInput';
import { IdsOfInput } from './IdsOfInput';
import { CallChoicesInput } from './CallChoicesInput';
import { ReferenceSelectInput } from './referenceInputs';
import { RecordChecksInput } from './RecordChecksInput';

/**
 * Validators with the messages the server also answers (docs/api-conventions.md: `标题长度不能超过200个字符`),
 * so the user reads the same sentence whichever side refuses.
 */
export function validatorsFor(field: FieldDecl): Validator[] {
  const validators: Validator[] = [];
  const label = field.label;
  if (field.required) {
    const chosen = field.type === 'enum' || field.type === 'dict' || field.type === 'reference' || !!field.choicesFrom;
    const message = chosen ? `请选择${label}` : `请输入${label}`;
    const required: Validator = (value: unknown) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? message : undefined;
    // react-admin shows the asterisk when a validator is marked as the required one.
    (required as Validator & { isRequired?: boolean }).isRequired = true;
    if (field.multiple) validators.push((value: unknown) => (Array.isArray(value) && value.length === 0 ? message : undefined));
    validators.push(required);
  }
  if (field.maxLength !== undefined && field.type !== 'number') {
    const max = field.maxLength;
    validators.push(maxChars(label, max));
  }
  if (field.type === 'number') {
    validators.push((value: unknown) => {
      if (value === undefined || value === null || value === '') return undefined;
      const n = Number(value);
      if (!Number.isFinite(n)) return `${label}必须是数字`;
      if (!field.decimals && !Number.isInteger(n)) return `${label}必须是整数`;
      if (field.min !== undefined && n < field.min) return `${label}不能小于${field.min}`;
      if (field.max !== undefined && n > field.max) return `${label}不能大于${field.max}`;
      return undefined;
    });
  }
  if (field.pattern && field.type !== 'number') {
    // The declared pattern, checked as the server checks it (server/crud/validate.ts), with its message.
    const re = new RegExp(field.pattern.source);
    const message = field.pattern.message ?? `${label}格式不正确`;
    validators.push((value: unknown) => (typeof value === 'string' && value.trim() !== '' && !re.test(value.trim()) ? message : undefined));
  }
  if (field.type === 'url') {
    validators.push((value: unknown) =>
      typeof value === 'string' && value !== '' && !/^https?:\/\/\S+$/i.test(value)
        ? '请输入以 http:// 或 https:// 开头的网址'
        : undefined,
    );
  }
  return validators;
}

/** The n/max counter of a limited text field (never a maxlength attribute, which cuts a paste silently). */
const counter = (field: FieldDecl) => (field.maxLength !== undefined ? <LengthCounter source={field.name} max={field.maxLength} /> : undefined);

const enumChoices = (field: FieldDecl) => (field.options ?? []).map((o) => ({ id: o.value, name: o.label }));
/** A set's values as the options' own type (numbers stay numbers), each once, in order. */
const asValue = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
export function parseSet(v: unknown): unknown[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? v.split(',') : [];
  return [...new Set(list.map(asValue))].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
}
const formatSet = (v: unknown) => parseSet(v);

/** The form input for a declared field (create and edit forms). */
export function renderInput(field: FieldDecl, decl?: ResourceDecl): ReactElement {
  const key = field.name;
  const common = {
    source: field.name,
    label: field.label,
    validate: validatorsFor(field),
    helperText: field.help ?? false,
    defaultValue: field.default ?? undefined,
  } as const;
  if (field.idsOf) return <IdsOfInput key={key} field={field} />;
  if (field.many && field.reference) return <RecordChecksInput key={key} field={field} />;
  if (field.choicesFrom) return <CallChoicesInput key={key} field={field} {...common} />;
  // A set of options (文章属性): checkboxes, sent as the array of the chosen values.
  if (field.multiple && field.options) return <CheckboxGroupInput key={key} {...common} choices={enumChoices(field)} parse={parseSet} format={formatSet} />;
  switch (field.type) {
    case 'number':
      return (
        <NumberInput
          key={key}
          {...common}
          min={field.min}
          max={field.max}
          step={field.decimals ? 1 / 10 ** field.decimals : 1}
        />
      );
    case 'enum':
      // `toggle`: a switch between the two options (off: the first, on: the second).
      if (field.toggle && field.options?.length === 2) {
        const [off, on] = field.options;
        return <BooleanInput key={key} {...common} format={(v: unknown) => String(v) === String(on!.value)} parse={(b: boolean) => (b ? on!.value : off!.value)} />;
      }
      return (
        <SelectInput
          key={key}
          {...common}
          choices={(field.options ?? []).map((o) => ({ id: o.value, name: o.label }))}
          emptyText="请选择"
        />
      );
    case 'dict':
      // Choices from the dictionary group `field.dict` (sessionStorage allDic, see src/dict/).
      return field.dict ? <DictSelectInput key={key} {...common} dict={field.dict} /> : <TextInput key={key} {...common} />;
    case 'date':
    case 'datetime':
      // zh-CN MUI X pickers; the value stays the wire's 'YYYY-MM-DD' / 'YYYY-MM-DD HH:mm:ss'.
      return <PickerInput key={key} {...common} kind={field.type} />;
    case 'textarea':
      return <TextInput key={key} {...common} multiline minRows={3} fullWidth helperText={counter(field)} />;
    case 'richtext':
      // The rich-text editor (tiptap, loaded lazily when the form shows); `editor: 'html'` keeps a plain HTML box.
      if (field.editor === 'lines') return <TextInput key={key} {...common} multiline minRows={8} fullWidth />;
      return field.editor === 'html' ? <TextInput key={key} {...common} multiline minRows={10} fullWidth /> : <LazyRichTextInput key={key} {...common} fullWidth />;
    case 'image':
      return <ImageUploadInput key={key} {...common} />;
    case 'file':
      return <FileUploadInput key={key} {...common} />;
    case 'reference':
      return field.reference && decl ? <ReferenceSelectInput key={key} {...common} fieldDecl={field} decl={decl} /> : <TextInput key={key} {...common} />;
    default:
      // A write-only value (a password) is typed hidden and never filled from the record.
      if (field.writeOnly) return <TextInput key={key} {...common} type="password" autoComplete="new-password" />;
      // text and url; a declared pattern's message shows under the input until a counter takes the place.
      return <TextInput key={key} {...common} fullWidth={field.type === 'url'} helperText={counter(field) ?? field.help ?? field.pattern?.message ?? false} />;
  }
}

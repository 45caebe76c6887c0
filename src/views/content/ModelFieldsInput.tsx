import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { PickerInput } from '../../components/dates/DateInputs';
import { useWatch } from 'react-hook-form';
import { ImageUploadInput } from '../../components/imageUpload/ImageUpload';
import { LazyRichTextInput } from '../../components/richText';
import { contentApi, type ModelField } from './api';

/** One model field as a form input under `modelFields.<name>` (docs/content.md: field types 1–8). */
export function ModelFieldInput({ field }: { field: ModelField }) {
  const source = `modelFields.${field.fieldFieldName}`;
  const validate = field.fieldRequired ? [required(`请填写${field.fieldTipsName}`)] : undefined;
  const label = field.fieldTipsName;
  switch (field.fieldType) {
    case 2:
      return <TextInput source={source} label={label} validate={validate} multiline minRows={3} fullWidth />;
    case 3:
      return <LazyRichTextInput source={source} label={label} validate={validate} />;
    case 4:
      return <NumberInput source={source} label={label} validate={validate} />;
    case 5:
      return <PickerInput kind="date" source={source} label={label} validate={validate} />;
    case 6:
      return <SelectInput source={source} label={label} validate={validate} choices={field.fieldOptions.map((o) => ({ id: o, name: o }))} emptyText="请选择" />;
    case 7:
      return <ImageUploadInput source={source} label={label} validate={validate} />;
    case 8:
      return <TextInput source={source} label={`${label}（附件地址）`} validate={validate} fullWidth helperText="上传文档后粘贴地址" />;
    default:
      // Type 1: the single-line text input of spec part 1 §2 ("custom-form text input").
      return <TextInput source={source} label={label} validate={validate} fullWidth />;
  }
}

/** The column's content-model fields, reloaded when the column changes. */
export function ModelFieldsInput() {
  const columnId = useWatch({ name: 'columnId' }) as number | string | undefined;
  const [state, setState] = useState<{ columnId: number; name: string; fields: ModelField[] } | null>(null);
  useEffect(() => {
    const id = Number(columnId);
    if (!id) return;
    let live = true;
    contentApi
      .fieldsOf(id)
      .then((r) => live && setState({ columnId: id, name: r.model?.cmTipsName ?? '', fields: r.fields }))
      .catch(() => live && setState({ columnId: id, name: '', fields: [] }));
    return () => {
      live = false;
    };
  }, [columnId]);
  if (!state || state.columnId !== Number(columnId) || state.fields.length === 0) return null;
  return (
    <Box sx={{ width: '100%', border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }} data-testid="model-fields">
      <Typography variant="subtitle2" gutterBottom>
        {`扩展字段（${state.name}）`}
      </Typography>
      {state.fields.map((f) => (
        <ModelFieldInput key={f.fieldId} field={f} />
      ))}
    </Box>
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import type { Choice } from './callChoices';

/**
 * `choicesFrom` with `search`: a box to type in over the call's choices (a department among hundreds), each
 * shown by its name and indented per level, the chosen one's path under the box (县政府 / 县教育局).
 */
export function SearchChoicesInput({ choices, source, label, validate, helperText }: { choices: readonly Choice[]; source: string; label: string; validate?: Validator[]; helperText?: string | false }) {
  const { field, fieldState, formState, isRequired } = useInput({ source, validate });
  const selected = choices.find((c) => String(c.id) === String(field.value)) ?? null;
  const problem = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      options={choices as Choice[]}
      value={selected}
      loadingText="正在加载…"
      noOptionsText="没有匹配的选项"
      onChange={(_, v) => field.onChange(v ? v.id : null)}
      onBlur={field.onBlur}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={`${key}-${c.id}`} {...rest} sx={{ pl: `${16 + (c.depth ?? 0) * 20}px !important` }} title={c.path}>
            {c.name}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
          error={!selected && !!problem}
          // The validator's message comes wrapped for translation: react-admin's helper text reads it.
          helperText={selected ? selected.path : problem ? <InputHelperText error={problem} /> : helperText || '可输入名称搜索'}
          size="small"
        />
      )}
    />
  );
}

import { CheckboxGroupInput, type CheckboxGroupInputProps } from 'react-admin';
import { ESSAY_FLAGS } from '../../../resources/article';

export const ESSAY_FLAG_CHOICES = ESSAY_FLAGS.map((f) => ({ id: f.value, name: f.label }));

/** Essay flags (spec §4: 1 图片, 2 推荐, 3 幻灯, 4 头条, 5 跳转) as checkboxes; the value is the list of numbers. */
export function EssayFlagsInput(props: Omit<CheckboxGroupInputProps, 'source' | 'choices'> & { source?: string }) {
  return (
    <CheckboxGroupInput
      source="flags"
      label="文章属性"
      choices={ESSAY_FLAG_CHOICES}
      parse={(v: unknown) => (Array.isArray(v) ? [...new Set(v.map(Number))].sort((a, b) => a - b) : [])}
      format={(v: unknown) => (Array.isArray(v) ? v.map(Number) : [])}
      {...props}
    />
  );
}

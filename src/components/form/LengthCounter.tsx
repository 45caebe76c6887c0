import { useWatch } from 'react-hook-form';
import type { Validator } from 'react-admin';

/** Characters as the server counts them (code points: 𠀀 is one). */
export const charCount = (value: unknown): number => (typeof value === 'string' ? [...value].length : 0);

/**
 * The `n/max` counter under a text input (issue 23: a limit is shown and a longer text refused with the
 * server's sentence, never cut silently by a `maxlength` attribute).
 */
export function LengthCounter({ source, max }: { source: string; max: number }) {
  const value: unknown = useWatch({ name: source });
  const n = charCount(value);
  return (
    <span data-testid={`counter-${source}`} style={{ color: n > max ? '#d32f2f' : undefined }}>
      {n}/{max}
    </span>
  );
}

/** Refuses more than `max` characters with `<label>长度不能超过<max>个字符` (the server's message). */
export function maxChars(label: string, max: number): Validator {
  return (value: unknown) => (charCount(value) > max ? `${label}长度不能超过${max}个字符` : undefined);
}

/** Validator and counter of a limited text input: `<TextInput {...limited('title', '标题', 200)} />`. */
export function limited(source: string, label: string, max: number) {
  return { source, label, validate: maxChars(label, max), helperText: <LengthCounter source={source} max={max} /> };
}

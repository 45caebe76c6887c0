import Box from '@mui/material/Box';
import { useCallback, useMemo, useRef, type KeyboardEvent, type UIEvent } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** Height of the editing area in pixels (default 560). */
  height?: number;
  /** Accessible name of the text area. */
  label?: string;
}

const FONT = '"SFMono-Regular", Consolas, "Liberation Mono", Menlo, "Courier New", monospace';
const LINE_HEIGHT = 20;

/**
 * A plain monospace text editor with line numbers (no dependency): a textarea beside a gutter that
 * scrolls with it. Tab inserts two spaces; text is never wrapped, so line numbers stay aligned.
 */
export function CodeEditor({ value, onChange, readOnly = false, height = 560, label = '文件内容' }: CodeEditorProps) {
  const gutter = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => value.split('\n').length, [value]);
  const numbers = useMemo(() => Array.from({ length: lines }, (_, i) => i + 1).join('\n'), [lines]);

  const onScroll = useCallback((e: UIEvent<HTMLTextAreaElement>) => {
    if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLTextAreaElement>) => {
      if (e.key !== 'Tab' || readOnly || !onChange) return;
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: start, selectionEnd: end } = el;
      const next = `${value.slice(0, start)}  ${value.slice(end)}`;
      onChange(next);
      requestAnimationFrame(() => el.setSelectionRange(start + 2, start + 2));
    },
    [onChange, readOnly, value],
  );

  const shared = { fontFamily: FONT, fontSize: 13, lineHeight: `${LINE_HEIGHT}px`, padding: '8px', margin: 0, border: 0 } as const;
  return (
    <Box sx={{ display: 'flex', border: 1, borderColor: 'divider', borderRadius: 1, height, overflow: 'hidden', bgcolor: readOnly ? 'grey.50' : 'background.paper' }}>
      <Box
        ref={gutter}
        aria-hidden="true"
        component="pre"
        sx={{ ...shared, color: 'text.disabled', bgcolor: 'grey.100', textAlign: 'right', minWidth: 48, overflow: 'hidden', userSelect: 'none', borderRight: 1, borderColor: 'divider' }}
      >
        {numbers}
      </Box>
      <Box
        component="textarea"
        aria-label={label}
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        wrap="off"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onChange={(e: React.ChangeEvent<HTMLTextAreaElement>) => onChange?.(e.target.value)}
        sx={{ ...shared, flex: 1, resize: 'none', outline: 'none', whiteSpace: 'pre', overflow: 'auto', color: 'text.primary', bgcolor: 'transparent' }}
      />
    </Box>
  );
}

import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { Editor } from '@tiptap/core';
import { EDITOR_FONTS, FONT_CSS, FONT_LABELS, FONT_SIZES, HEADING_LEVELS } from './editorOptions';

/** 段落格式, 字体 and 字号: each shows the selection's current value and sets it. */
export function StyleSelects({ editor }: { editor: Editor }) {
  const chain = () => editor.chain().focus();
  const level = HEADING_LEVELS.find((l) => editor.isActive('heading', { level: l }));
  const font = EDITOR_FONTS.find((f) => editor.isActive('textStyle', { fontFamily: FONT_CSS[f] })) ?? '';
  const size = FONT_SIZES.find((s) => s.css && editor.isActive('textStyle', { fontSize: s.css }))?.value ?? 'normal';
  return (
    <>
      <Select
        size="small"
        value={level ? String(level) : 'p'}
        inputProps={{ 'aria-label': '段落格式' }}
        onChange={(e) => (e.target.value === 'p' ? chain().setParagraph().run() : chain().setHeading({ level: Number(e.target.value) as 1 | 2 | 3 }).run())}
        sx={{ minWidth: 96 }}
      >
        <MenuItem value="p">正文</MenuItem>
        {HEADING_LEVELS.map((l) => (
          <MenuItem key={l} value={String(l)}>{`标题${l}`}</MenuItem>
        ))}
      </Select>
      <Select
        size="small"
        displayEmpty
        value={font}
        inputProps={{ 'aria-label': '字体' }}
        onChange={(e) => {
          const f = e.target.value as (typeof EDITOR_FONTS)[number] | '';
          if (f) chain().setFontFamily(FONT_CSS[f]).run();
          else chain().unsetFontFamily().run();
        }}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">默认字体</MenuItem>
        {EDITOR_FONTS.map((f) => (
          <MenuItem key={f} value={f} sx={{ fontFamily: FONT_CSS[f] }}>
            {FONT_LABELS[f]}
          </MenuItem>
        ))}
      </Select>
      <Select
        size="small"
        value={size}
        inputProps={{ 'aria-label': '字号' }}
        onChange={(e) => {
          const s = FONT_SIZES.find((x) => x.value === e.target.value);
          if (s?.css) chain().setFontSize(s.css).run();
          else chain().unsetFontSize().run();
        }}
        sx={{ minWidth: 80 }}
      >
        {FONT_SIZES.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </Select>
    </>
  );
}

import FormatClearIcon from '@mui/icons-material/FormatClear';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import { mergeAttributes, Node } from '@tiptap/core';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { RichTextInput, useTiptapEditor, type RichTextInputProps } from 'ra-input-rich-text';
import { EDITOR_HEIGHT, HEADING_LEVELS, UNDO } from './editorOptions';
import { FormatButtons, LinkButton } from './FormatButtons';
import { StyleSelects } from './StyleSelects';
import { ToolbarButton } from './ToolbarButton';
import { UploadButtons } from './UploadButtons';

/** A block <video controls src> node (tiptap has none built in). */
const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'video[src]' }, { tag: 'video', getAttrs: (el) => ({ src: (el as HTMLElement).querySelector('source')?.getAttribute('src') ?? null }) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['video', mergeAttributes({ controls: 'true', style: 'max-width: 100%' }, HTMLAttributes)];
  },
});

export const editorOptions = {
  extensions: [
    StarterKit.configure({ heading: { levels: [...HEADING_LEVELS] }, undoRedo: { depth: UNDO.depth, newGroupDelay: UNDO.delay }, link: { openOnClick: false } }),
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Image.configure({ inline: false }),
    TextStyle,
    FontFamily,
    FontSize,
    Video,
  ],
};

/** The editor's toolbar: styles, formats, link, uploads, clear, undo and redo. */
function Toolbar() {
  const editor = useTiptapEditor();
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }} role="toolbar" aria-label="编辑器工具栏">
      <StyleSelects editor={editor} />
      <FormatButtons editor={editor} />
      <LinkButton editor={editor} />
      <UploadButtons editor={editor} />
      <ToolbarButton title="清除格式" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
        <FormatClearIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton title="撤销" disabled={!editor.can().undo()} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton title="重做" disabled={!editor.can().redo()} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </ToolbarButton>
    </Box>
  );
}

/** The portal's rich-text input (spec §9): height 500, full width, the spec's fonts, headings 1–3, uploads. */
export default function RichTextEditor(props: RichTextInputProps) {
  return (
    <RichTextInput
      fullWidth
      {...props}
      editorOptions={editorOptions}
      toolbar={<Toolbar />}
      sx={{ '& .ProseMirror': { minHeight: EDITOR_HEIGHT, maxHeight: EDITOR_HEIGHT * 2, overflowY: 'auto' }, '& .ProseMirror video, & .ProseMirror img': { maxWidth: '100%' } }}
    />
  );
}

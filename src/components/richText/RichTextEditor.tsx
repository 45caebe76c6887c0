import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustifyIcon from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatClearIcon from '@mui/icons-material/FormatClear';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatStrikethroughIcon from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import { mergeAttributes, Node, type Editor } from '@tiptap/core';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { useRef, type ReactNode } from 'react';
import { RichTextInput, useTiptapEditor, type RichTextInputProps } from 'ra-input-rich-text';
import { emitWarningToast } from '../../../providers';
import { imageUrl } from '../../format/image';
import { imageBase } from '../../portal';
import { caretAfterInsertedBlock } from './caretAfter';
import { checkEditorFile } from '../imageUpload/imageRules';
import { uploadFile } from '../imageUpload/upload';
import { EDITOR_FONTS, EDITOR_HEIGHT, FONT_CSS, FONT_LABELS, FONT_SIZES, HEADING_LEVELS, UNDO } from './editorOptions';

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

function Btn({ title, onClick, active, children, disabled }: { title: string; onClick: () => void; active?: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" aria-label={title} aria-pressed={active ?? undefined} color={active ? 'primary' : 'default'} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Uploads a picked file through /api/file/upload/name and inserts it; failures are only logged (spec §8). */
async function insertUpload(editor: Editor, file: File, kind: 'image' | 'video') {
  const refusal = checkEditorFile(file, kind);
  if (refusal) {
    emitWarningToast(refusal);
    return;
  }
  try {
    const saved = await uploadFile(file, kind, true);
    const src = imageUrl(saved.url, imageBase);
    if (kind === 'image') editor.chain().focus().setImage({ src, alt: saved.originalName }).run();
    else editor.chain().focus().insertContent({ type: 'video', attrs: { src } }).run();
    caretAfterInsertedBlock(editor);
  } catch (error) {
    console.error('编辑器上传失败', error);
  }
}

function Toolbar() {
  const editor = useTiptapEditor();
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const level = HEADING_LEVELS.find((l) => editor.isActive('heading', { level: l }));
  const font = EDITOR_FONTS.find((f) => editor.isActive('textStyle', { fontFamily: FONT_CSS[f] })) ?? '';
  const size = FONT_SIZES.find((s) => s.css && editor.isActive('textStyle', { fontSize: s.css }))?.value ?? 'normal';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }} role="toolbar" aria-label="编辑器工具栏">
      <Select
        size="small"
        value={level ? String(level) : 'p'}
        inputProps={{ 'aria-label': '段落格式' }}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'p') chain().setParagraph().run();
          else chain().setHeading({ level: Number(v) as 1 | 2 | 3 }).run();
        }}
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
      <Btn title="加粗" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </Btn>
      <Btn title="斜体" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </Btn>
      <Btn title="下划线" active={editor.isActive('underline')} onClick={() => chain().toggleUnderline().run()}>
        <FormatUnderlinedIcon fontSize="small" />
      </Btn>
      <Btn title="删除线" active={editor.isActive('strike')} onClick={() => chain().toggleStrike().run()}>
        <FormatStrikethroughIcon fontSize="small" />
      </Btn>
      <Btn title="左对齐" active={editor.isActive({ textAlign: 'left' })} onClick={() => chain().setTextAlign('left').run()}>
        <FormatAlignLeftIcon fontSize="small" />
      </Btn>
      <Btn title="居中" active={editor.isActive({ textAlign: 'center' })} onClick={() => chain().setTextAlign('center').run()}>
        <FormatAlignCenterIcon fontSize="small" />
      </Btn>
      <Btn title="右对齐" active={editor.isActive({ textAlign: 'right' })} onClick={() => chain().setTextAlign('right').run()}>
        <FormatAlignRightIcon fontSize="small" />
      </Btn>
      <Btn title="两端对齐" active={editor.isActive({ textAlign: 'justify' })} onClick={() => chain().setTextAlign('justify').run()}>
        <FormatAlignJustifyIcon fontSize="small" />
      </Btn>
      <Btn title="无序列表" active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </Btn>
      <Btn title="有序列表" active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </Btn>
      <Btn title="引用" active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </Btn>
      <Btn
        title="链接"
        active={editor.isActive('link')}
        onClick={() => {
          const href = window.prompt('请输入链接地址（http:// 或 https:// 开头）', String(editor.getAttributes('link').href ?? 'https://'));
          if (href === null) return;
          if (!href || href === 'https://') chain().unsetLink().run();
          else if (/^https?:\/\//i.test(href)) chain().setLink({ href, target: '_blank' }).run();
          else emitWarningToast('链接地址必须以 http:// 或 https:// 开头');
        }}
      >
        <LinkIcon fontSize="small" />
      </Btn>
      <Btn title="上传图片" onClick={() => imageInput.current?.click()}>
        <ImageIcon fontSize="small" />
      </Btn>
      <Btn title="上传视频" onClick={() => videoInput.current?.click()}>
        <VideocamIcon fontSize="small" />
      </Btn>
      <Btn title="清除格式" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
        <FormatClearIcon fontSize="small" />
      </Btn>
      <Btn title="撤销" disabled={!editor.can().undo()} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </Btn>
      <Btn title="重做" disabled={!editor.can().redo()} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </Btn>
      <input
        ref={imageInput}
        type="file"
        hidden
        accept="image/*"
        data-testid="editor-image-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void insertUpload(editor, f, 'image');
        }}
      />
      <input
        ref={videoInput}
        type="file"
        hidden
        accept="video/*"
        data-testid="editor-video-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void insertUpload(editor, f, 'video');
        }}
      />
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

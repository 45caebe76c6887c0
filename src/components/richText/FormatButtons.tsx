import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustifyIcon from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatStrikethroughIcon from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ChainedCommands, Editor } from '@tiptap/core';
import { emitWarningToast } from '../../../providers';
import { ToolbarButton } from './ToolbarButton';

interface Toggle {
  title: string;
  Icon: SvgIconComponent;
  /** What isActive is asked: a mark or node name, or attributes (text alignment). */
  active: string | Record<string, string>;
  run: (chain: ChainedCommands) => ChainedCommands;
}

// In toolbar order: marks, alignment, lists and quote.
const TOGGLES: readonly Toggle[] = [
  { title: '加粗', Icon: FormatBoldIcon, active: 'bold', run: (c) => c.toggleBold() },
  { title: '斜体', Icon: FormatItalicIcon, active: 'italic', run: (c) => c.toggleItalic() },
  { title: '下划线', Icon: FormatUnderlinedIcon, active: 'underline', run: (c) => c.toggleUnderline() },
  { title: '删除线', Icon: FormatStrikethroughIcon, active: 'strike', run: (c) => c.toggleStrike() },
  { title: '左对齐', Icon: FormatAlignLeftIcon, active: { textAlign: 'left' }, run: (c) => c.setTextAlign('left') },
  { title: '居中', Icon: FormatAlignCenterIcon, active: { textAlign: 'center' }, run: (c) => c.setTextAlign('center') },
  { title: '右对齐', Icon: FormatAlignRightIcon, active: { textAlign: 'right' }, run: (c) => c.setTextAlign('right') },
  { title: '两端对齐', Icon: FormatAlignJustifyIcon, active: { textAlign: 'justify' }, run: (c) => c.setTextAlign('justify') },
  { title: '无序列表', Icon: FormatListBulletedIcon, active: 'bulletList', run: (c) => c.toggleBulletList() },
  { title: '有序列表', Icon: FormatListNumberedIcon, active: 'orderedList', run: (c) => c.toggleOrderedList() },
  { title: '引用', Icon: FormatQuoteIcon, active: 'blockquote', run: (c) => c.toggleBlockquote() },
];

const isActive = (editor: Editor, active: Toggle['active']) => (typeof active === 'string' ? editor.isActive(active) : editor.isActive(active));

/** Bold … quote: each button toggles its format on the selection and shows whether it is on. */
export function FormatButtons({ editor }: { editor: Editor }) {
  return (
    <>
      {TOGGLES.map(({ title, Icon, active, run }) => (
        <ToolbarButton key={title} title={title} active={isActive(editor, active)} onClick={() => run(editor.chain().focus()).run()}>
          <Icon fontSize="small" />
        </ToolbarButton>
      ))}
    </>
  );
}

/** 链接: asks for an http(s) address; an empty answer removes the link. */
export function LinkButton({ editor }: { editor: Editor }) {
  const onClick = () => {
    const chain = editor.chain().focus();
    const href = window.prompt('请输入链接地址（http:// 或 https:// 开头）', String(editor.getAttributes('link').href ?? 'https://'));
    if (href === null) return;
    if (!href || href === 'https://') chain.unsetLink().run();
    else if (/^https?:\/\//i.test(href)) chain.setLink({ href, target: '_blank' }).run();
    else emitWarningToast('链接地址必须以 http:// 或 https:// 开头');
  };
  return (
    <ToolbarButton title="链接" active={editor.isActive('link')} onClick={onClick}>
      <LinkIcon fontSize="small" />
    </ToolbarButton>
  );
}

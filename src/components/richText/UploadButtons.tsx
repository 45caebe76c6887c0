import ImageIcon from '@mui/icons-material/Image';
import VideocamIcon from '@mui/icons-material/Videocam';
import type { Editor } from '@tiptap/core';
import { useRef } from 'react';
import { emitWarningToast } from '../../../providers';
import { imageUrl } from '../../format/image';
import { imageBase } from '../../portal';
import { checkEditorFile } from '../imageUpload/imageRules';
import { uploadFile } from '../imageUpload/upload';
import { caretAfterInsertedBlock } from './caretAfter';
import { ToolbarButton } from './ToolbarButton';

type Kind = 'image' | 'video';

/** Uploads a picked file through /api/file/upload/name and inserts it; failures are only logged (spec §8). */
async function insertUpload(editor: Editor, file: File, kind: Kind) {
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

const KINDS = [
  { kind: 'image', title: '上传图片', Icon: ImageIcon },
  { kind: 'video', title: '上传视频', Icon: VideocamIcon },
] as const;

/** 上传图片 / 上传视频: a button that opens a hidden file input of its kind. */
function UploadButton({ editor, kind, title, Icon }: { editor: Editor } & (typeof KINDS)[number]) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <ToolbarButton title={title} onClick={() => input.current?.click()}>
        <Icon fontSize="small" />
      </ToolbarButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={`${kind}/*`}
        data-testid={`editor-${kind}-input`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void insertUpload(editor, f, kind);
        }}
      />
    </>
  );
}

export function UploadButtons({ editor }: { editor: Editor }) {
  return (
    <>
      {KINDS.map((k) => (
        <UploadButton key={k.kind} editor={editor} {...k} />
      ))}
    </>
  );
}

/** Spec part 1 §5: the single-image uploader's rules and its exact messages. */
export const IMAGE_TYPE_MESSAGE = '上传图片只能是 JPG/GIF/PNG 格式!';
export const IMAGE_SIZE_MESSAGE = '上传图片大小不能超过 10MB!';
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** The message refusing the file, or null when it may be uploaded (type first, then size). */
export function checkImageFile(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const typeOk = EXTENSIONS.includes(ext) && (file.type === '' || MIME_TYPES.includes(file.type.toLowerCase()));
  if (!typeOk) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** The rich-text editor's check (spec §5): the chosen file must be an image, or a video. */
export const EDITOR_IMAGE_MESSAGE = '请选择图片类型文件';
export const EDITOR_VIDEO_MESSAGE = '请选择视频类型文件';
export function checkEditorFile(file: { type: string }, kind: 'image' | 'video'): string | null {
  if (kind === 'image') return file.type.startsWith('image/') ? null : EDITOR_IMAGE_MESSAGE;
  return file.type.startsWith('video/') ? null : EDITOR_VIDEO_MESSAGE;
}

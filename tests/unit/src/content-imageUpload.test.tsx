import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImageUpload } from '../../../src/components/imageUpload/ImageUpload';
import {
  checkEditorFile,
  checkImageFile,
  EDITOR_IMAGE_MESSAGE,
  EDITOR_VIDEO_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../../../src/components/imageUpload/imageRules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('single-image uploader rules (spec part 1 §5)', () => {
  it('has the exact messages', () => {
    expect(IMAGE_TYPE_MESSAGE).toBe('上传图片只能是 JPG/GIF/PNG 格式!');
    expect(IMAGE_SIZE_MESSAGE).toBe('上传图片大小不能超过 10MB!');
    expect(EDITOR_IMAGE_MESSAGE).toBe('请选择图片类型文件');
    expect(EDITOR_VIDEO_MESSAGE).toBe('请选择视频类型文件');
  });

  it('accepts jpg, jpeg, png and gif up to 10 MB', () => {
    for (const [name, type] of [['a.jpg', 'image/jpeg'], ['b.JPEG', 'image/jpeg'], ['c.png', 'image/png'], ['d.gif', 'image/gif']] as const) {
      expect(checkImageFile(file(name, type, 10 * MB)), name).toBeNull();
    }
  });

  it('refuses other types, names without extension and disguised files, then sizes over 10 MB', () => {
    expect(checkImageFile(file('a.bmp', 'image/bmp', 100))).toBe(IMAGE_TYPE_MESSAGE);
    expect(checkImageFile(file('a.webp', 'image/webp', 100))).toBe(IMAGE_TYPE_MESSAGE);
    expect(checkImageFile(file('png', 'image/png', 100))).toBe(IMAGE_TYPE_MESSAGE);
    expect(checkImageFile(file('a.png', 'text/html', 100))).toBe(IMAGE_TYPE_MESSAGE);
    expect(checkImageFile(file('a.png', 'image/png', 10 * MB + 1))).toBe(IMAGE_SIZE_MESSAGE);
    // The type is checked first.
    expect(checkImageFile(file('a.bmp', 'image/bmp', 20 * MB))).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('the editor takes only images for images and videos for videos', () => {
    expect(checkEditorFile({ type: 'image/png' }, 'image')).toBeNull();
    expect(checkEditorFile({ type: 'video/mp4' }, 'image')).toBe(EDITOR_IMAGE_MESSAGE);
    expect(checkEditorFile({ type: 'video/webm' }, 'video')).toBeNull();
    expect(checkEditorFile({ type: 'image/gif' }, 'video')).toBe(EDITOR_VIDEO_MESSAGE);
  });
});

describe('<ImageUpload>', () => {
  const pick = (f: File) => fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [f] } });

  it('refuses a wrong type with the message and uploads nothing', async () => {
    const upload = vi.fn();
    const onChange = vi.fn();
    render(<ImageUpload value={null} onChange={onChange} label="缩略图" upload={upload} />);
    pick(file('scan.bmp', 'image/bmp', 1000));
    expect(await screen.findByText('上传图片只能是 JPG/GIF/PNG 格式!')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a picture over 10 MB with the message', async () => {
    const upload = vi.fn();
    render(<ImageUpload value={null} onChange={vi.fn()} upload={upload} />);
    pick(file('big.png', 'image/png', 11 * MB));
    expect(await screen.findByText('上传图片大小不能超过 10MB!')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads an accepted picture and hands back its path, then shows it', async () => {
    const upload = vi.fn(async () => ({ url: '/uploads/2026/05/abc.png', name: 'abc.png', originalName: 'a.png', size: 10, kind: 'image' }));
    const onChange = vi.fn();
    const { rerender } = render(<ImageUpload value={null} onChange={onChange} label="缩略图" upload={upload} />);
    expect(screen.getByText('未上传')).toBeInTheDocument();
    pick(file('a.png', 'image/png', 1000));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/uploads/2026/05/abc.png'));
    expect(upload).toHaveBeenCalledTimes(1);
    rerender(<ImageUpload value="/uploads/2026/05/abc.png" onChange={onChange} label="缩略图" upload={upload} />);
    expect(screen.getByRole('img', { name: '缩略图' })).toHaveAttribute('src', '/uploads/2026/05/abc.png');
    rerender(<ImageUpload value="https://img.example.gov.cn/x.jpg" onChange={onChange} label="缩略图" upload={upload} />);
    expect(screen.getByRole('img', { name: '缩略图' })).toHaveAttribute('src', 'https://img.example.gov.cn/x.jpg');
    fireEvent.click(screen.getByRole('button', { name: '删除图片' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

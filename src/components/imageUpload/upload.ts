import { http } from '../../portal';

export interface UploadedFile {
  url: string;
  name: string;
  originalName: string;
  size: number;
  kind: string;
}

/** POST /api/file/upload/name (multipart `file`, `type`); the server checks the bytes again. */
export function uploadFile(file: File, type: 'image' | 'video' | 'file', silent = false): Promise<UploadedFile> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  return http.request<UploadedFile>({ path: '/api/file/upload/name', query: { type }, body: form, silent });
}

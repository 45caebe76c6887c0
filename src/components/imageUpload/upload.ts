import { fileCalls } from '../../../resources/calls/files';
import { dataProvider } from '../../data';

export interface UploadedFile {
  url: string;
  name: string;
  originalName: string;
  size: number;
  kind: string;
}

/** The declared upload call (multipart `file`, `type`); the server checks the bytes again. */
export function uploadFile(file: File, type: 'image' | 'video' | 'file', silent = false): Promise<UploadedFile> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  return dataProvider.call<UploadedFile>(fileCalls.upload, { query: { type }, body: form, silent });
}

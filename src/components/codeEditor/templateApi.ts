import { http } from '../../portal';

/** The template calls (spec part 2 "Skin templates" plus createFolder / deleteFile, docs/system-settings.md). */

export interface TemplateEntry {
  name: string;
  path: string;
  type: 'DIR' | 'FILE';
  size: number;
  updateTime: string;
}

export interface SkinInfo {
  name: string;
  path: string;
  fileCount: number;
  updateTime: string;
  inUse: boolean;
}

export interface FileContent {
  name: string;
  path: string;
  content: string;
  size: number;
  updateTime: string;
}

export const TEMPLATE_KEYS = { list: 'template:list', write: 'template:write', delete: 'template:delete' } as const;
export const TEXT_EXTENSIONS = ['.html', '.htm', '.liquid', '.css', '.js', '.txt'];
export const isTextFile = (name: string) => TEXT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export const templateApi = {
  skins: () => http.request<SkinInfo[]>({ path: '/api/template/query/app/skin', method: 'GET' }),
  list: (folder: string) =>
    http.request<TemplateEntry[]>({ path: '/api/template/showChildFileAndFolder', method: 'GET', query: { skinFolderName: folder || '.' }, required: ['skinFolderName'] }),
  read: (fileName: string) =>
    http.request<FileContent>({ path: '/api/template/readFileContent', method: 'GET', query: { fileName }, required: ['fileName'] }),
  write: (fileName: string, content: string) =>
    http.request<{ created: boolean; updateTime: string }>({ path: '/api/template/writeFileContent', body: { fileName, content }, required: ['body'] }),
  mkdir: (folderName: string) => http.request<TemplateEntry>({ path: '/api/template/createFolder', body: { folderName }, required: ['body'] }),
  remove: (fileName: string) => http.request<{ path: string }>({ path: '/api/template/deleteFile', body: { fileName }, required: ['body'] }),
  /** Skin upgrades (design, docs/generation.md "Skin upgrades"). */
  pending: () => http.request<PendingFile[]>({ path: '/api/template/upgrade/list', method: 'GET' }),
  shipped: (fileName: string) =>
    http.request<{ path: string; content: string }>({ path: '/api/template/upgrade/shipped', method: 'GET', query: { fileName }, required: ['fileName'] }),
  takeNew: (fileName: string) => http.request<{ path: string; backup: string | null }>({ path: '/api/template/upgrade/apply', body: { fileName }, required: ['body'] }),
  keepMine: (fileName: string) => http.request<{ path: string }>({ path: '/api/template/upgrade/keep', body: { fileName }, required: ['body'] }),
};

/** An edited skin file whose shipped version changed since (有新版本). */
export interface PendingFile {
  path: string;
  status: 'modified';
  size: number;
  shippedSize: number;
}

/** `a/b/c.html` → `a/b`; `a` → ``. */
export const parentOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** Hash-route links of the template screens. */
export const templateLinks = {
  skins: () => '/main/system/template',
  folder: (folder: string) => `/main/system/templateFile?folder=${encodeURIComponent(folder)}`,
  edit: (file: string, isNew = false) => `/main/system/templateEditor?file=${encodeURIComponent(file)}${isNew ? '&new=1' : ''}`,
  view: (file: string) => `/main/system/tempContent?file=${encodeURIComponent(file)}`,
};

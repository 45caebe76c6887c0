import { templateCalls as t } from '../../../resources/calls/templates';
import { dataProvider } from '../../data';

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
  skins: () => dataProvider.call<SkinInfo[]>(t.skins),
  list: (folder: string) => dataProvider.call<TemplateEntry[]>(t.list, { query: { skinFolderName: folder || '.' }, required: ['skinFolderName'] }),
  read: (fileName: string) => dataProvider.call<FileContent>(t.read, { query: { fileName }, required: ['fileName'] }),
  write: (fileName: string, content: string) =>
    dataProvider.call<{ created: boolean; updateTime: string }>(t.write, { body: { fileName, content }, required: ['body'] }),
  mkdir: (folderName: string) => dataProvider.call<TemplateEntry>(t.mkdir, { body: { folderName }, required: ['body'] }),
  remove: (fileName: string) => dataProvider.call<{ path: string }>(t.remove, { body: { fileName }, required: ['body'] }),
  /** Skin upgrades (design, docs/generation.md "Skin upgrades"). */
  pending: () => dataProvider.call<PendingFile[]>(t.upgradeList),
  shipped: (fileName: string) => dataProvider.call<{ path: string; content: string }>(t.upgradeShipped, { query: { fileName }, required: ['fileName'] }),
  takeNew: (fileName: string) => dataProvider.call<{ path: string; backup: string | null }>(t.upgradeApply, { body: { fileName }, required: ['body'] }),
  keepMine: (fileName: string) => dataProvider.call<{ path: string }>(t.upgradeKeep, { body: { fileName }, required: ['body'] }),
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

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { invalidValue } from '../http/errors.js';
import { confine } from './confine.js';
import { readHead, writeUpload } from './streamToDisk.js';

/**
 * Uploaded files (docs/content.md "Uploads"): the kind is decided by the bytes (file-type), never by
 * the name or the client's Content-Type; the stored name is random, the extension the detected one.
 * Stored as `${dataDir}/uploads/<yyyy>/<mm>/<32 hex>.<ext>`, served read-only under `/uploads/…`.
 */
export type UploadKind = 'image' | 'video' | 'document';

export const MB = 1024 * 1024;

export const UPLOAD_RULES: Record<UploadKind, { exts: readonly string[]; maxBytes: number; label: string; tooBig: string; wrongType: string }> = {
  image: { exts: ['jpg', 'png', 'gif'], maxBytes: 10 * MB, label: '图片', tooBig: '上传图片大小不能超过 10MB!', wrongType: '上传图片只能是 JPG/GIF/PNG 格式!' },
  video: { exts: ['mp4', 'webm'], maxBytes: 100 * MB, label: '视频', tooBig: '上传视频大小不能超过 100MB!', wrongType: '请选择视频类型文件（MP4/WebM）' },
  document: {
    exts: ['pdf', 'doc', 'docx', 'xls', 'xlsx'],
    maxBytes: 50 * MB,
    label: '文档',
    tooBig: '上传文档大小不能超过 50MB!',
    wrongType: '文档只能是 PDF/DOC/DOCX/XLS/XLSX 格式',
  },
};

/** Largest upload of any kind: the multipart limit. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const mimeOfExt = (ext: string) => MIME[ext] ?? 'application/octet-stream';

/** `image`, `video`, `file`/`document` (also 1/2/3); empty = any kind. */
export function readKind(raw: unknown): UploadKind | null {
  const v = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : '';
  if (!v) return null;
  if (v === 'image' || v === 'img' || v === '1') return 'image';
  if (v === 'video' || v === '2') return 'video';
  if (v === 'file' || v === 'document' || v === 'doc' || v === '3') return 'document';
  throw invalidValue('上传类型无效，可选值：image（图片）、video（视频）、file（文档）');
}

/** The detected extension of the bytes, with the kind it belongs to; null when it is none we take. */
export async function detect(buffer: Buffer, originalName: string): Promise<{ ext: string; kind: UploadKind } | null> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type) return null;
  let ext = type.ext === 'jpeg' ? 'jpg' : (type.ext as string);
  if (ext === 'm4v') ext = 'mp4';
  // The old Office formats share one container (CFB): the name says which one it is.
  if (ext === 'cfb') {
    const named = path.extname(originalName).slice(1).toLowerCase();
    if (named !== 'doc' && named !== 'xls') return null;
    ext = named;
  }
  for (const [kind, rule] of Object.entries(UPLOAD_RULES) as [UploadKind, (typeof UPLOAD_RULES)[UploadKind]][]) {
    if (rule.exts.includes(ext)) return { ext, kind };
  }
  return null;
}

export interface StoredUpload {
  /** Public URL path: `/uploads/2026/05/<hex>.png`. */
  url: string;
  /** Path below the uploads directory: `2026/05/<hex>.png`. */
  path: string;
  name: string;
  originalName: string;
  size: number;
  kind: UploadKind;
  ext: string;
  mime: string;
}

/**
 * Streams one uploaded file to disk: the type is decided on its first bytes (a wrong type is refused
 * before anything is written), the size limit of that type is enforced while reading, and a refused or
 * broken upload leaves no file behind. Memory stays at one chunk whatever the size.
 */
export async function storeUploadStream(
  dataDir: string,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  originalName: string,
  wanted: UploadKind | null,
  now = new Date(),
): Promise<StoredUpload> {
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : toAsync(source[Symbol.iterator]());
  const head = await readHead(iterator);
  const found = await detect(head, originalName);
  if (!found) throw invalidValue(wanted ? UPLOAD_RULES[wanted].wrongType : '不支持的文件类型：只能上传图片（JPG/PNG/GIF）、视频（MP4/WebM）或文档（PDF/DOC/DOCX/XLS/XLSX）');
  if (wanted && found.kind !== wanted) throw invalidValue(UPLOAD_RULES[wanted].wrongType);
  const rule = UPLOAD_RULES[found.kind];

  const yyyy = String(now.getFullYear());
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const name = `${randomBytes(16).toString('hex')}.${found.ext}`;
  const root = path.join(dataDir, 'uploads');
  await fs.mkdir(path.join(root, yyyy, mm), { recursive: true });
  const target = await confine(root, `${yyyy}/${mm}/${name}`);
  const size = await writeUpload(target.absolute, head, iterator, rule.maxBytes, rule.tooBig);
  const rel = `${yyyy}/${mm}/${name}`;
  // eslint-disable-next-line no-control-regex
  const safeOriginal = path.basename(originalName || '').replace(/[\u0000-\u001f<>"'`\\]/g, '').slice(0, 200);
  return { url: `/uploads/${rel}`, path: rel, name, originalName: safeOriginal, size, kind: found.kind, ext: found.ext, mime: mimeOfExt(found.ext) };
}

function toAsync(it: Iterator<Buffer>): AsyncIterator<Buffer> {
  return { next: async () => it.next() };
}

/** The same for bytes already in memory. */
export async function storeUpload(dataDir: string, buffer: Buffer, originalName: string, wanted: UploadKind | null, now = new Date()): Promise<StoredUpload> {
  return storeUploadStream(dataDir, [buffer], originalName, wanted, now);
}

/** Reads a stream into memory, refusing it as soon as it passes `maxBytes` (small files only). */
export async function readLimited(source: AsyncIterable<Buffer>, maxBytes: number, tooBig: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) throw invalidValue(tooBig);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `2026/05/<32 hex>.<ext>` from a URL, a path or a name as the client sends it back; null when it is not one of ours. */
export function uploadPathOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /^(?:https?:\/\/[^/]+)?\/?(?:uploads\/)?(\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5})$/.exec(raw.trim());
  return m ? (m[1] as string) : null;
}

/** The absolute file of an upload path, confined to the uploads directory. */
export async function uploadFile(dataDir: string, rel: string): Promise<{ absolute: string; exists: boolean }> {
  const root = path.join(dataDir, 'uploads');
  await fs.mkdir(root, { recursive: true });
  const target = await confine(root, rel);
  return { absolute: target.absolute, exists: target.exists };
}

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { queryOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { FILE_INPUT } from './inputs.js';
import { confine } from '../../../files/confine.js';
import { MAX_UPLOAD_BYTES, mimeOfExt, readKind, readLimited, storeUploadStream, UPLOAD_RULES, uploadFile, uploadPathOf, type StoredUpload, type UploadKind } from '../../../files/uploads.js';

interface FilePart {
  /** The file's bytes as they arrive; must be read to the end (or the handler throws). */
  file: AsyncIterable<Buffer>;
  filename: string;
}

/**
 * Reads a multipart request, handing each file to `onFile` while it streams (nothing is buffered here);
 * a file beyond `maxFiles` is refused as soon as it starts. Answers the plain fields.
 */
async function readMultipart(request: FastifyRequest, maxFiles: number, onFile: (part: FilePart) => Promise<void>): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw missingParam('file');
  let count = 0;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        count += 1;
        if (count > maxFiles) throw invalidValue(maxFiles === 1 ? '一次只能上传一个文件' : `一次最多上传${maxFiles}个文件`);
        await onFile({ file: part.file, filename: part.filename ?? '' });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidValue(`文件大小超过限制：图片不能超过10MB，文档不能超过50MB，视频不能超过100MB`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalidValue('上传的文件或字段过多');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') throw missingParam('file');
    if (code === 'FST_MULTIPART_INVALID_CONTENT_TYPE' || /Unexpected end of form|Malformed part header|Multipart: Boundary not found/i.test(String((error as Error).message))) throw invalidValue('上传内容格式不正确');
    throw error;
  }
  if (count === 0) throw missingParam('file');
  return fields;
}

const TEMPLATE_FILE_EXT = new Set(['html', 'htm', 'css', 'js', 'png', 'jpg', 'jpeg', 'gif', 'ico', 'woff', 'woff2', 'ttf', 'txt']);
const TEXT_EXT = new Set(['html', 'htm', 'css', 'js', 'txt']);

/** Editor configuration (ueConfig): what the rich-text editor may upload, and where. */
function editorConfig() {
  const dotted = (k: UploadKind) => UPLOAD_RULES[k].exts.map((e) => `.${e}`).concat(k === 'image' ? ['.jpeg'] : []);
  return {
    imageActionName: 'uploadimage',
    imageFieldName: 'file',
    imageAllowFiles: dotted('image'),
    imageMaxSize: UPLOAD_RULES.image.maxBytes,
    imageUrlPrefix: '',
    videoActionName: 'uploadvideo',
    videoFieldName: 'file',
    videoAllowFiles: dotted('video'),
    videoMaxSize: UPLOAD_RULES.video.maxBytes,
    videoUrlPrefix: '',
    fileActionName: 'uploadfile',
    fileFieldName: 'file',
    fileAllowFiles: dotted('document'),
    fileMaxSize: UPLOAD_RULES.document.maxBytes,
    fileUrlPrefix: '',
    uploadUrl: '/api/file/upload/name',
  };
}

/** /api/file/*, /sys/ueditor/exec and the read-only /uploads/… files. See docs/content.md. */
export async function fileRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 10, fieldSize: 2048, parts: 30, headerPairs: 200 } });
  fileUploadRoutes(app);
  templateFileRoutes(app);
  editorRoutes(app);
  uploadedFileRoute(app);
}

const UPLOAD = { permission: 'file:upload' };

async function record(db: Db, request: FastifyRequest, stored: StoredUpload) {
  await db.insertInto('upload_file').values({ path: stored.path, originalName: stored.originalName, kind: stored.kind, mime: stored.mime, size: stored.size, userId: currentUser(request).userId, createTime: formatDateTime() }).execute();
}

/** Streams the files to disk (kind from the query, or from a `type` field, checked once all is read), then records them in one transaction; a failure leaves no file and no row. */
async function upload(app: FastifyInstance, request: FastifyRequest, maxFiles: number, fixedKind?: UploadKind): Promise<StoredUpload[]> {
  const dataDir = app.portal.config.dataDir;
  const query = queryOf(request);
  const queryKind = fixedKind ?? readKind(query.type);
  const out: StoredUpload[] = [];
  try {
    const fields = await readMultipart(request, maxFiles, async (part) => {
      out.push(await storeUploadStream(dataDir, part.file, part.filename, queryKind));
    });
    const wanted = queryKind ?? readKind(fields.type);
    if (wanted && out.some((f) => f.kind !== wanted)) throw invalidValue(UPLOAD_RULES[wanted].wrongType);
    await app.db.transaction().execute(async (trx) => {
      for (const stored of out) await record(trx, request, stored);
    });
  } catch (error) {
    for (const stored of out) await fs.rm(path.join(dataDir, 'uploads', stored.path), { force: true });
    throw error;
  }
  return out;
}

/** Uploads of the editors and forms, and their deletion. */
function fileUploadRoutes(app: FastifyInstance) {
  const db = app.db;
  const dataDir = app.portal.config.dataDir;
  app.post('/api/file/upload/name', { config: UPLOAD, schema: FILE_INPUT.upload, attachValidation: true }, async (request) => ok((await upload(app, request, 1))[0], '上传成功'));
  // Several files in one request (each part named `file`).
  app.post('/api/file/uploads/name', { config: UPLOAD, schema: FILE_INPUT.upload, attachValidation: true }, async (request) => ok(await upload(app, request, 10), '上传成功'));

  // Deletes an upload the caller made (any upload for users whose data scope is ALL).
  app.post('/api/file/del', { config: UPLOAD, schema: FILE_INPUT.del, attachValidation: true }, async (request) => {
    const query = queryOf(request);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Row;
    const raw = query.name ?? body.name;
    if (raw === undefined || raw === '') throw missingParam('name');
    const rel = uploadPathOf(raw);
    if (!rel) throw invalidValue('文件名无效');
    const user = currentUser(request);
    let q = db.selectFrom('upload_file').select(['id', 'kind']).where('path', '=', rel);
    if (user.dataScope !== 'ALL') q = applyScope(q, { kind: 'self', column: 'userId', userId: user.userId });
    const row = await q.executeTakeFirst();
    if (!row) throw notFoundRecord();
    const wanted = readKind(query.type ?? body.type);
    if (wanted && row.kind !== wanted) throw invalidValue('文件类型不符');
    const file = await uploadFile(dataDir, rel);
    await db.deleteFrom('upload_file').where('id', '=', row.id).execute();
    if (file.exists) await fs.rm(file.absolute, { force: true });
    return ok(null, '删除成功');
  });

}

/** Template resources of articles, below `${dataDir}/templates/`. */
function templateFileRoutes(app: FastifyInstance) {
  const dataDir = app.portal.config.dataDir;
  // Template resources of articles: a file into `${dataDir}/templates/<fileUrl header>/`, keeping its (checked) name.
  app.post('/api/file/upload/article/tem', { config: { permission: 'file:template' }, schema: FILE_INPUT.templateUpload, attachValidation: true }, async (request) => {
    const header = request.headers.fileurl ?? request.headers.fileUrl;
    const folder = Array.isArray(header) ? header[0] : header;
    if (folder === undefined) throw missingParam('fileUrl');
    let name = '';
    let buffer: Buffer = Buffer.alloc(0);
    await readMultipart(request, 1, async (part) => {
      name = path.basename(part.filename);
      if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/.test(name)) throw invalidValue('文件名只能包含字母、数字、下划线、连字符和点');
      if (!TEMPLATE_FILE_EXT.has(path.extname(name).slice(1).toLowerCase())) throw invalidValue('模板文件只能是 html/htm/css/js/txt 或图片、字体文件');
      buffer = await readLimited(part.file, 10 * 1024 * 1024, '模板文件不能超过10MB');
    });
    const ext = path.extname(name).slice(1).toLowerCase();
    if (TEXT_EXT.has(ext)) {
      if (buffer.includes(0)) throw invalidValue('模板文件必须是文本文件');
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(buffer);
      } catch {
        throw invalidValue('模板文件必须是UTF-8编码的文本');
      }
    }
    const root = path.join(dataDir, 'templates');
    await fs.mkdir(root, { recursive: true });
    const dir = await confine(root, decodeHeader(folder));
    await fs.mkdir(dir.absolute, { recursive: true });
    const target = await confine(root, dir.relative ? `${dir.relative}/${name}` : name);
    // Replacing a template file is allowed; a folder of that name is not a file to replace.
    if (target.exists && !(await fs.stat(target.absolute)).isFile()) throw invalidValue('已存在同名目录，请换一个文件名');
    await fs.writeFile(target.absolute, buffer);
    return ok({ fileUrl: target.relative, size: buffer.length }, '上传成功');
  });

  app.post('/api/file/delete/article/tem', { config: { permission: 'file:template' }, schema: FILE_INPUT.templateDelete, attachValidation: true }, async (request) => {
    const raw = queryOf(request).fileUrl;
    if (raw === undefined || raw === '') throw missingParam('fileUrl');
    const root = path.join(dataDir, 'templates');
    await fs.mkdir(root, { recursive: true });
    const target = await confine(root, raw);
    if (!target.exists || target.relative === '') throw notFoundRecord();
    const stat = await fs.stat(target.absolute);
    if (!stat.isFile()) throw invalidValue('只能删除文件');
    await fs.rm(target.absolute);
    return ok(null, '删除成功');
  });

}

/** The rich-text editor's configuration and its single upload endpoint. */
function editorRoutes(app: FastifyInstance) {
  app.get('/api/article/ueConfig', { config: UPLOAD, schema: FILE_INPUT.configGet, attachValidation: true }, async () => ok(editorConfig()));
  app.post('/api/article/ueConfig', { config: UPLOAD, schema: FILE_INPUT.configPost, attachValidation: true }, async () => ok(editorConfig()));

  // The editor's single endpoint of the original: action=config answers the configuration, the upload actions store a file.
  const exec = async (request: FastifyRequest) => {
    const action = String(queryOf(request).action ?? 'config');
    if (action === 'config') return ok(editorConfig());
    const kinds: Record<string, UploadKind> = { uploadimage: 'image', uploadvideo: 'video', uploadfile: 'document' };
    const kind = kinds[action];
    if (!kind) throw invalidValue(`不支持的操作：${action.slice(0, 30)}`);
    const stored = (await upload(app, request, 1, kind))[0] as StoredUpload;
    return ok({ state: 'SUCCESS', url: stored.url, title: stored.name, original: stored.originalName, type: `.${stored.ext}`, size: stored.size }, '上传成功');
  };
  app.get('/sys/ueditor/exec', { config: UPLOAD, schema: FILE_INPUT.exec, attachValidation: true }, exec);
  app.post('/sys/ueditor/exec', { config: UPLOAD, schema: FILE_INPUT.execUpload, attachValidation: true }, exec);

}

/** Uploaded files, read-only and public (article images are shown on the public site). */
function uploadedFileRoute(app: FastifyInstance) {
  const dataDir = app.portal.config.dataDir;
  // Uploaded files, read-only and public (article images are shown on the public site).
  app.get('/uploads/:yyyy/:mm/:name', { config: { public: true }, schema: FILE_INPUT.uploads, attachValidation: true }, async (request, reply) => {
    const { yyyy, mm, name } = request.params as { yyyy: string; mm: string; name: string };
    const rel = uploadPathOf(`${yyyy}/${mm}/${name}`);
    if (!rel) return reply.callNotFound();
    const file = await uploadFile(dataDir, rel);
    if (!file.exists) return reply.callNotFound();
    const ext = path.extname(rel).slice(1);
    const stat = await fs.stat(file.absolute);
    reply
      .header('Content-Type', mimeOfExt(ext))
      .header('Content-Length', stat.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    if (['doc', 'docx', 'xls', 'xlsx'].includes(ext)) reply.header('Content-Disposition', `attachment; filename="${name}"`);
    return reply.send(createReadStream(file.absolute));
  });
}

/** Header values arrive as Latin-1; a client may send the folder URL-encoded. */
function decodeHeader(value: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalidValue('参数格式不正确：fileUrl');
  }
}

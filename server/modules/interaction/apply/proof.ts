import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { getRecord } from '../../../crud/service.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';
import { guardPublicSubmission } from '../../../public/guard.js';
import { declarationOf } from '../../declarationLookup.js';
import { describeInput, ID } from '../../../http/routeInput.js';
import { readHead, writeUpload } from '../../../files/streamToDisk.js';

/**
 * 身份证明 of a disclosure application (docs/interaction.md "Proof upload"): the applicant's ID or
 * credential scan. It is personal data, so it is stored outside the public uploads
 * (`${DATA_DIR}/private/apply-proof/<32 hex>.<ext>`) and only staff who may read the application open it.
 * The type is decided by the bytes and the size counted while the upload streams: nothing over the limit
 * or of another type is kept.
 */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const PROOF_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };
export const PROOF_NAME = /^[0-9a-f]{32}\.(jpg|png|pdf)$/;
const TOO_BIG = '身份证明文件不能超过5MB';
const WRONG_TYPE = '身份证明只能是 JPG、PNG 或 PDF 文件';

export const proofDir = (dataDir: string) => path.join(dataDir, 'private', 'apply-proof');

/** The stored name an application may carry: one this server wrote (else 1002 naming the field). */
export async function checkProof(dataDir: string, raw: unknown): Promise<string | null> {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !PROOF_NAME.test(raw)) throw invalidValue('身份证明文件无效，请重新上传');
  const exists = await fs.stat(path.join(proofDir(dataDir), raw)).then((s) => s.isFile(), () => false);
  if (!exists) throw invalidValue('身份证明文件无效，请重新上传');
  return raw;
}

/** Streams one proof to disk: type from the first bytes, size while reading; a refusal leaves no file. */
async function storeProof(dataDir: string, source: AsyncIterable<Buffer>): Promise<string> {
  const iterator = source[Symbol.asyncIterator]();
  const head = await readHead(iterator);
  const type = await fileTypeFromBuffer(head);
  const ext = type?.ext === 'jpeg' ? 'jpg' : type?.ext;
  if (!ext || !PROOF_TYPES[ext]) throw invalidValue(WRONG_TYPE);
  await fs.mkdir(proofDir(dataDir), { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  try {
    await writeUpload(path.join(proofDir(dataDir), name), head, iterator, PROOF_MAX_BYTES, TOO_BIG);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalidValue(TOO_BIG);
    throw error;
  }
  return name;
}

/** POST /web/apply/proof (public, multipart `file`) and POST /apply/proof { id } (staff, the file itself). */
const PROOF_INPUT = describeInput({ body: { file: ['any', '身份证明文件：multipart/form-data 的一个文件'] } });

export async function applyProofRoutes(app: FastifyInstance) {
  const dataDir = app.portal.config.dataDir;
  // One file, a little over the limit so the count above is what refuses it (with the Chinese message).
  await app.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, headerPairs: 100 } });

  app.post('/web/apply/proof', { config: { public: true }, schema: PROOF_INPUT, attachValidation: true }, async (request) => {
    await guardPublicSubmission(app, request, 'apply-proof', { captcha: false });
    if (!request.isMultipart()) throw missingParam('身份证明文件');
    let part;
    try {
      part = await request.file();
    } catch {
      throw invalidValue('上传内容格式不正确');
    }
    if (!part) throw missingParam('身份证明文件');
    return ok({ proofFile: await storeProof(dataDir, part.file) }, '上传成功');
  });

  const decl = declarationOf(app, 'apply');
  app.post('/apply/proof', { config: { permission: decl?.permissions.get ?? 'apply:get' }, schema: describeInput({ either: { id: ID } }), attachValidation: true }, async (request, reply) => {
    if (!decl) throw notFoundRecord();
    const row = await getRecord(app.db, decl, currentUser(request), readId(request));
    const name = typeof row.proofFile === 'string' && PROOF_NAME.test(row.proofFile) ? row.proofFile : null;
    if (!name) throw notFoundRecord();
    const ext = name.split('.')[1]!;
    const fileName = encodeURIComponent(`身份证明_${String(row.queryCode ?? row.id)}.${ext}`);
    reply.header('Content-Type', PROOF_TYPES[ext]!);
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${fileName}`);
    reply.header('Cache-Control', 'no-store');
    return reply.send(createReadStream(path.join(proofDir(dataDir), name)));
  });
}

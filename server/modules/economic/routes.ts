import { declaredInput, describeInput, NO_QUERY } from '../../http/routeInput.js';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAction } from '../../../resources/declaredCalls.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { EconomicArea } from '../../../resources/economic/catalogue.js';
import { searchOf } from '../../crud/routes.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { exportBook, IMPORT_MAX_BYTES, parseImport, templateBook } from './excel.js';
import { importFigures, seriesFigures } from './service.js';

/** The one uploaded file of an import (field `file`); too large or absent is a 1002/1001. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw missingParam('file');
  try {
    const part = await request.file();
    if (!part) throw missingParam('file');
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidValue('导入文件不能超过2MB');
    // Any other fault of the body (no boundary, truncated, malformed) is answered by http/inputFaults.ts.
    throw error;
  }
}

/** The xlsx reply: octet-stream with the Chinese file name, never cached. */
function xlsxHeaders(fileName: string): Record<string, string> {
  return {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="economic.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  };
}

/**
 * The calls of one area that are not records (docs/economic-data.md), each behind its key: the chart
 * series, the Excel template, import and export. list/get/add/dels are the generic routes.
 */
export function areaRoutes(app: FastifyInstance, decl: ResourceDecl, area: EconomicArea): void {
  const db = app.db;
  const keys = decl.permissions;
  const action = (name: string) => findAction(decl, name);
  const importCall = action('import');
  const exportCall = action('export');
  const extra = decl.api.extra ?? {};
  const input = {
    series: declaredInput(decl, 'list'),
    template: NO_QUERY,
    upload: describeInput({ body: { file: ['any', 'Excel 文件：multipart/form-data 的一个文件'] } }),
  };

  if (extra.listAll) {
    app.post(extra.listAll.path, { config: { permission: keys.list }, schema: input.series, attachValidation: true }, async (request) => ok(await seriesFigures(db, decl, area, searchOf(request))));
  }

  if (importCall) {
    // The template is part of importing: whoever may import may download it.
    if (extra.template) {
      app.get(extra.template.path, { config: { permission: importCall.permission }, schema: input.template, attachValidation: true }, async (_request, reply) =>
        reply.headers(xlsxHeaders(`${area.label}导入模板.xlsx`)).send(await templateBook(area)),
      );
    }
    app.post(importCall.path, { config: { permission: importCall.permission }, schema: input.upload, attachValidation: true }, async (request) => {
      const figures = await parseImport(await uploadedFile(request), decl, area);
      const result = await importFigures(db, area, currentUser(request), figures);
      return ok(result, `导入成功：新增${result.added}条，更新${result.updated}条`);
    });
  }

  if (exportCall) {
    app.post(exportCall.path, { config: { permission: exportCall.permission }, schema: input.series, attachValidation: true }, async (request, reply) => {
      const rows = await seriesFigures(db, decl, area, searchOf(request));
      return reply.headers(xlsxHeaders(`${area.label}.xlsx`)).send(await exportBook(area, rows));
    });
  }
}

/** Multipart for the import calls only (this plugin's scope), with the import's own limits. */
export async function registerImportParser(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 } });
}

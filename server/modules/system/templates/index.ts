import { describeInput, NO_QUERY } from '../../../http/routeInput.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { bodyOf, param, requireParam } from '../../../http/params.js';
import { missingParam } from '../../../http/errors.js';
import { declarationOf } from '../../declarationLookup.js';
import { readSiteSettings } from '../../../shared/siteSettings.js';
import { ensureScreenMenu } from './menu.js';
import {
  createFolder,
  deleteTemplatePath,
  ensureTemplatesRoot,
  listFolder,
  listPageTemplates,
  listSkins,
  readTemplate,
  writeTemplate,
} from './store.js';
import { keepInstalledVersion, pendingSkinFiles, shippedVersion, takeShippedVersion, upgradeShippedSkins } from './skinUpgrade.js';

export const TEMPLATE_PERMISSIONS = {
  list: 'template:list',
  write: 'template:write',
  delete: 'template:delete',
} as const;


const FILE_NAME = ['string', '模板文件路径（templates 下，如 default/index.html）'] as const;
/** What each template route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const T = {
  none: NO_QUERY,
  skin: describeInput({ query: { skinFolderName: ['string', '皮肤目录名（不传为全部）'], skin: ['string', '皮肤目录名（同 skinFolderName）'] } }),
  file: describeInput({ query: { fileName: FILE_NAME } }),
  folder: describeInput({ query: { skinFolderName: ['string', '目录名（必填）'] } }),
  write: describeInput({ body: { content: ['string', '文件内容（必填）'] }, either: { fileName: FILE_NAME } }),
  createFolder: describeInput({ either: { folderName: ['string', '新目录路径（templates 下）'] } }),
  fileName: describeInput({ either: { fileName: FILE_NAME } }),
};

/** A body value, or the query's when the body has none (clients send either). */
function bodyOrQuery(request: Parameters<typeof bodyOf>[0], name: string): unknown {
  const body = bodyOf(request);
  return Object.prototype.hasOwnProperty.call(body, name) ? body[name] : param(request, name);
}

/**
 * 模板管理 (spec part 2 "Skin templates"): the skins and files under `${DATA_DIR}/templates/`, every path
 * confined to that root (server/files/confine.ts). Reads need template:list, writes and new folders
 * template:write, deletes template:delete. See docs/system-settings.md.
 */
export async function templateRoutes(app: FastifyInstance) {
  const dataDir = app.portal.config.dataDir;
  const root = await ensureTemplatesRoot(dataDir);
  try {
    const r = await upgradeShippedSkins(dataDir);
    if (r.added.length || r.upgraded.length || r.pending.length) {
      app.log.info({ added: r.added, upgraded: r.upgraded, pending: r.pending.map((p) => p.path) }, 'default skin upgraded');
    }
  } catch (error) {
    // The site keeps its current skin; staff see the pending files once the cause is fixed.
    app.log.warn({ err: error }, 'default skin upgrade failed');
  }
  await ensureScreenMenu(app.db, {
    alias: 'template',
    name: '模板管理',
    icon: 'Description',
    url: '/main/system/template',
    sort: 70,
    group: 'system',
    buttons: [
      { alias: TEMPLATE_PERMISSIONS.list, name: '模板查看' },
      { alias: TEMPLATE_PERMISSIONS.write, name: '模板编辑' },
      { alias: TEMPLATE_PERMISSIONS.delete, name: '模板删除' },
    ],
  });
  const read = { config: { permission: TEMPLATE_PERMISSIONS.list } };

  app.get('/api/template/query/app/skin', { ...read, schema: T.none, attachValidation: true }, async () => {
    const skins = await listSkins(root);
    const decl = declarationOf(app, 'siteSetting');
    const current = decl ? String((await readSiteSettings(app.db, decl)).templateSkin ?? 'default') : 'default';
    return ok(skins.map((s) => ({ ...s, inUse: s.name === current })));
  });

  app.get('/api/template/query/template/skin', { ...read, schema: T.skin, attachValidation: true }, async (request) => {
    const skin = param(request, 'skinFolderName') ?? param(request, 'skin');
    return ok(await listPageTemplates(root, skin === undefined || skin === '' ? undefined : skin as string));
  });

  app.get('/api/template/readFileContent', { ...read, schema: T.file, attachValidation: true }, async (request) => ok(await readTemplate(root, requireParam(request, 'fileName'))));

  app.get('/api/template/showChildFileAndFolder', { ...read, schema: T.folder, attachValidation: true }, async (request) => ok(await listFolder(root, requireParam(request, 'skinFolderName'))));

  app.post('/api/template/writeFileContent', { config: { permission: TEMPLATE_PERMISSIONS.write }, schema: T.write, attachValidation: true }, async (request) => {
    const fileName = bodyOrQuery(request, 'fileName');
    if (fileName === undefined || fileName === null || fileName === '') throw missingParam('fileName');
    const content = bodyOf(request).content;
    if (content === undefined || content === null) throw missingParam('content');
    const saved = await writeTemplate(root, fileName, content);
    return ok(saved, saved.created ? '新建成功' : '保存成功');
  });

  app.post('/api/template/createFolder', { config: { permission: TEMPLATE_PERMISSIONS.write }, schema: T.createFolder, attachValidation: true }, async (request) => {
    const folderName = bodyOrQuery(request, 'folderName');
    if (folderName === undefined || folderName === null || folderName === '') throw missingParam('folderName');
    return ok(await createFolder(root, folderName), '新建成功');
  });

  app.post('/api/template/deleteFile', { config: { permission: TEMPLATE_PERMISSIONS.delete }, schema: T.fileName, attachValidation: true }, async (request) => {
    const fileName = bodyOrQuery(request, 'fileName');
    if (fileName === undefined || fileName === null || fileName === '') throw missingParam('fileName');
    return ok(await deleteTemplatePath(root, fileName), '删除成功');
  });

  // Skin upgrades (design, docs/generation.md "Skin upgrades"): edited files with a newer shipped version.
  app.get('/api/template/upgrade/list', { ...read, schema: T.none, attachValidation: true }, async () => ok(await pendingSkinFiles(dataDir)));
  app.get('/api/template/upgrade/shipped', { ...read, schema: T.file, attachValidation: true }, async (request) => ok(await shippedVersion(requireParam(request, 'fileName'))));
  app.post('/api/template/upgrade/apply', { config: { permission: TEMPLATE_PERMISSIONS.write }, schema: T.fileName, attachValidation: true }, async (request) => {
    const fileName = bodyOrQuery(request, 'fileName');
    if (fileName === undefined || fileName === null || fileName === '') throw missingParam('fileName');
    const r = await takeShippedVersion(dataDir, fileName);
    return ok(r, r.backup ? `已采用新版本，原文件已另存为 ${r.backup}` : '已采用新版本');
  });
  app.post('/api/template/upgrade/keep', { config: { permission: TEMPLATE_PERMISSIONS.write }, schema: T.fileName, attachValidation: true }, async (request) => {
    const fileName = bodyOrQuery(request, 'fileName');
    if (fileName === undefined || fileName === null || fileName === '') throw missingParam('fileName');
    return ok(await keepInstalledVersion(dataDir, fileName), '已保留当前版本');
  });
}

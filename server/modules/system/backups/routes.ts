import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { checkStoredBackupAside } from '../../../backup/check.js';
import { backupDir } from '../../../backup/config.js';
import { backupJob } from '../../../backup/job.js';
import { backupsRunning, startBackup } from '../../../backup/runner.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { describeInput, NO_INPUT } from '../../../http/routeInput.js';

const BACKUP_ID = describeInput({ either: { id: ['integer', '备份记录ID（已完成的备份）'] } });

/**
 * 备份管理 (docs/deploy.md "Backups"): the list and record are the generic routes of `backup`; this
 * module starts a backup now (/backup/backupNow), sends one as .tar.gz (/backup/archive, recorded in
 * the operation log), re-checks one against its manifest (/backup/verify) and schedules the daily backup.
 */
export async function backupRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'backup');
  if (!decl) return;
  const deps = { db: app.db, config: app.portal.config };
  if (deps.config.backup.schedule) app.scheduler.add(backupJob(deps, app.log));
  app.addHook('onClose', async () => {
    await Promise.allSettled([...backupsRunning]);
  });

  /** A finished backup's record and folder. */
  async function finished(id: number) {
    const row = await app.db.selectFrom('backup_record').select(['name', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundRecord();
    if (row.status !== 'done') throw new PortalError(1005, '只有已完成的备份可以下载或校验');
    const dir = path.join(backupDir(deps.config), String(row.name));
    if (!(await fs.stat(dir).catch(() => null))) throw new PortalError(1003, '备份文件不在本服务器的备份目录中（BACKUP_DIR）');
    return { name: String(row.name), dir };
  }

  app.post('/backup/backupNow', { config: { permission: 'backup:run' }, schema: NO_INPUT, attachValidation: true }, async (request) => {
    const started = await startBackup(deps, 'manual', currentUser(request).name);
    started.done.catch((error: unknown) => request.log.error({ err: error, backup: started.name }, 'backup failed'));
    return ok({ id: started.id, name: started.name }, '备份已开始，完成后状态变为已完成');
  });

  app.post('/backup/archive', { config: { permission: 'backup:download' }, schema: BACKUP_ID, attachValidation: true }, async (request, reply) => {
    const { name } = await finished(readId(request));
    reply.header('Content-Type', 'application/gzip').header('Content-Disposition', `attachment; filename="${name}.tar.gz"`);
    return reply.send(tar.c({ gzip: true, cwd: backupDir(deps.config), portable: true }, [name]));
  });

  app.post('/backup/verify', { config: { permission: 'backup:list' }, schema: BACKUP_ID, attachValidation: true }, async (request) => {
    const { dir } = await finished(readId(request));
    const problems = await checkStoredBackupAside(dir);
    return problems.length ? ok({ ok: false, problems }, `校验未通过：${problems.slice(0, 3).join('；')}`) : ok({ ok: true, problems }, '校验通过：备份与清单一致');
  });
}

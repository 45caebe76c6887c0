import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type DynamicDb } from '../db/types.js';
import { formatDateTime } from '../util/time.js';
import { applyWhere } from './behaviour.js';
import { inTransaction } from './service.js';

/**
 * One run of a declaration's `schedule` (resources/shape/schedule.ts) as of `now`: each step one UPDATE of
 * the records that are due, in order, in one transaction. Answers how many records each step changed, by
 * its name (意见征集's `{ closed, opened }`).
 */
export async function runSchedule(db: DynamicDb, decl: ResourceDecl, now = formatDateTime()): Promise<Record<string, number>> {
  const schedule = decl.schedule;
  if (!schedule) throw new Error(`resources/${decl.name}.ts declares no schedule`);
  const stamped = decl.fields.some((f) => f.name === 'updateTime');
  return inTransaction(db, async (trx) => {
    const out: Record<string, number> = {};
    for (const step of schedule.steps) {
      const set = Object.fromEntries(Object.entries(step.set).map(([k, v]) => [k, v === '$now' ? now : v]));
      let q = applyWhere(trx.updateTable(decl.table).set({ ...set, ...(stamped ? { updateTime: now } : {}) }), step.where);
      for (const [field, op] of step.due) q = q.where(field, op, now);
      out[step.name] = Number((await q.executeTakeFirst()).numUpdatedRows);
    }
    return out;
  });
}

/** Each declared schedule on the cluster scheduler (once per `everyMs` across instances). */
export function scheduleDeclared(app: FastifyInstance, decls: readonly ResourceDecl[]): void {
  for (const decl of decls) {
    if (!decl.schedule) continue;
    app.scheduler.add({ name: `${decl.name}:${decl.schedule.name}`, everyMs: decl.schedule.everyMs, run: async () => void (await runSchedule(dynamic(app.db), decl)) });
  }
}

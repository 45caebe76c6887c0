import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Db, type DynamicDb } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue } from '../http/errors.js';
import { bodyOf, isBlank } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';
import { asInt } from '../shared/routeHelpers.js';
import { formatDateTime } from '../util/time.js';
import { inTransaction } from './service.js';

const settingsOf = (decl: ResourceDecl) => {
  if (!decl.settings) throw new Error(`resources/${decl.name}.ts declares no settings`);
  return decl.settings;
};

/** The declared settings' defaults (before anything is saved). */
export const keySettingDefaults = (decl: ResourceDecl): Record<string, number> => Object.fromEntries(settingsOf(decl).fields.map((f) => [f.name, f.default]));

/** Every declared setting as stored, its default when none (or an unreadable one) is. */
export async function readKeySettings(db: Db | DynamicDb, decl: ResourceDecl): Promise<Record<string, number>> {
  const out = keySettingDefaults(decl);
  const rows = (await dynamic(db as Db).selectFrom(settingsOf(decl).table).select(['key', 'value']).execute()) as { key: string; value: string }[];
  for (const r of rows) if (r.key in out && Number.isInteger(Number(r.value))) out[r.key] = Number(r.value);
  return out;
}

/** The settings a body gives (blank ones left out), each an integer in its range, else 1002 naming its label. */
function givenSettings(decl: ResourceDecl, body: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of settingsOf(decl).fields) {
    if (isBlank(body[f.name])) continue;
    const n = asInt(body[f.name], f.label);
    if (n < f.min || n > f.max) throw invalidValue(`${f.label}必须在${f.min}到${f.max}之间`);
    out[f.name] = n;
  }
  return out;
}

/** The settings call of a declaration's `settings` (resources/shape/keySettings.ts), with its request schema. */
export function registerKeySettings(app: FastifyInstance, decl: ResourceDecl): void {
  const settings = decl.settings;
  if (!settings) return;
  const schema = describeInput({ body: Object.fromEntries(settings.fields.map((f) => [f.name, ['integer', `${f.label}（${f.min}–${f.max}）`] as const])) });
  app.post(settings.path, { config: { permission: settings.permission }, schema, attachValidation: true }, async (request) => {
    const values = givenSettings(decl, bodyOf(request));
    const now = formatDateTime();
    if (Object.keys(values).length) {
      await inTransaction(dynamic(app.db), async (trx) => {
        for (const [key, value] of Object.entries(values)) {
          await trx.deleteFrom(settings.table).where('key', '=', key).execute();
          await trx.insertInto(settings.table).values({ key, value: String(value), updateTime: now }).execute();
        }
      });
    }
    return ok(await readKeySettings(app.db, decl), Object.keys(values).length ? (settings.saved ?? '保存成功') : '操作成功');
  });
}

import type { ResourceDecl } from '../../../resources/types.js';
import { dynamic, type Db } from '../../db/types.js';
import { localApi } from './localApi.js';
import { runtimeOfAll, systemUser } from './runtime.js';
import type { LocalApi, SeedOptions } from './types.js';

/**
 * The one way demo data is written (server/seed/, the modules' seed.ts): the local API as the system over
 * the first start's handle, so each entity's hooks, validation and checks run on its demo records too.
 * Use `seed(entity, rows)` for a batch, `seedOne` for one record whose id the next rows need.
 */
export function seedApi(db: Db, decls: readonly ResourceDecl[]): LocalApi {
  const handle = dynamic(db);
  return localApi(runtimeOfAll(decls, handle), handle, systemUser);
}

/** One demo record whose id the next rows need (its own stamps kept, as `seed` does). */
export async function seedOne(api: LocalApi, entity: string, row: Readonly<Record<string, unknown>>, options?: SeedOptions): Promise<Record<string, unknown>> {
  const [record] = await api.seed(entity, [row], options);
  if (!record) throw new Error(`seed of ${entity}: nothing created`);
  return record;
}

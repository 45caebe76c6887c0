import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow } from '../db/types.js';
import { formatDateTime } from '../util/time.js';

/** 服务器状态: samples written by the server-status job (server/modules/monitoring/serverStatus.ts), kept 30 days. */
export default defineBehaviour({ name: 'serverInfo' });

const KEEP_MS = 30 * 86_400_000;

/** Stores one sample and drops those older than 30 days. */
export async function storeServerSample(db: Db, sample: NewRow<'server_sample'>): Promise<void> {
  await db.insertInto('server_sample').values(sample).execute();
  await db.deleteFrom('server_sample').where('sampleTime', '<', formatDateTime(new Date(Date.now() - KEEP_MS))).execute();
}

/** Data migration (the released `2026_s18_purge_sample_monitoring`): the old demo's made-up samples (host `portal-demo`) removed. */
export async function purgeSampleHosts(db: Db): Promise<void> {
  await db.deleteFrom('server_sample').where('hostName', '=', 'portal-demo').execute();
}

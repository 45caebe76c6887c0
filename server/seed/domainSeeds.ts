import type { ResourceDecl } from '../../resources/types.js';
import type { Db } from '../db/types.js';
import { seedDictionary } from '../modules/system/dict/dictSeed.js';
import { orgDemoSeed } from '../modules/system/org/seed.js';
import { contentSeed } from '../modules/content/seed.js';
import { reportDemoSeed } from '../modules/content/reports/menus.js';
import { mailDemoSeed } from '../modules/interaction/mail/seed.js';
import { surveyDemoSeed } from '../modules/interaction/surveys/seed.js';
import { suggestDemoSeed } from '../modules/interaction/suggestions/seed.js';
import { adviceDemoSeed } from '../modules/interaction/advice/seed.js';
import { applyDemoSeed } from '../modules/interaction/apply/seed.js';
import { forumDemoSeed } from '../modules/interaction/forums/seed.js';
import { backofficeDemoSeed } from './backofficeDemo.js';
import { economicDemoSeed } from '../modules/economic/seed.js';
import { siteDemoSeed } from '../modules/site/seed.js';
import { localEconomyDemoSeed } from '../modules/content/localEconomy/seed.js';
import { interworkingDemoSeed } from '../modules/interworking/seed.js';
import { monitorDemoSeed } from '../modules/monitoring/seed.js';
import { siteSettingDemoSeed } from '../modules/system/siteSettings/seed.js';
import { searchDemoSeed } from '../modules/content/search/seed.js';

/** What the base seed made, for domain seeds to hang their demo records on. */
export interface SeedContext {
  decls: readonly ResourceDecl[];
  /** `YYYY-MM-DD HH:mm:ss` of this start. */
  now: string;
  /** Department id by name (县政府, 县政府办公室, 县教育局, …). */
  deptIds: ReadonlyMap<string, number>;
  /** Role id by alias (admin, auditor, editor, inspector). */
  roleIds: ReadonlyMap<string, number>;
  /** The admin and the demo users, with their departments. */
  people: readonly { userId: number; name: string; deptId: number; deptName: string }[];
}

export type DomainSeed = (db: Db, context: SeedContext) => Promise<void>;

/**
 * Demo records of the domain modules, run once on a first start with demo data (after departments,
 * roles, menus, users and the plain entities exist). Add a module's seed here, one line each.
 */
export const domainSeeds: DomainSeed[] = [
  seedDictionary,
  siteSettingDemoSeed,
  orgDemoSeed,
  contentSeed,
  reportDemoSeed,
  mailDemoSeed,
  surveyDemoSeed,
  suggestDemoSeed,
  adviceDemoSeed,
  applyDemoSeed,
  forumDemoSeed,
  backofficeDemoSeed,
  economicDemoSeed,
  siteDemoSeed,
  localEconomyDemoSeed,
  interworkingDemoSeed,
  monitorDemoSeed,
  searchDemoSeed,
];

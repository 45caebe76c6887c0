import adviceDecl from '../../../../resources/advice.js';
import { runSchedule } from '../../../crud/schedule.js';
import { dynamic, type Db } from '../../../db/types.js';

/**
 * 意见征集 (spec part 1 §7 "Advice") is declared (resources/advice.ts): its CRUD, steps, export, the
 * citizen's opinion and own opinions, the public reads and the open/close check (`schedule`, run by the
 * cluster scheduler) are generic; no module routes are left. The check as of a time, for its callers.
 */
export const runAdviceTask = (db: Db, now?: string) => runSchedule(dynamic(db), adviceDecl, now) as Promise<{ closed: number; opened: number }>;

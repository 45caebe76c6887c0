import type { Db } from '../../../db/types.js';
import type { VoiceService } from './service.js';

/**
 * The read-aloud service of a database, for the modules that meet it: the generation module shows the
 * audio on article pages and re-renders a page when its audio is ready (server/modules/generation).
 */
const services = new WeakMap<Db, VoiceService>();

export const setVoiceService = (db: Db, service: VoiceService) => services.set(db, service);
export const voiceServiceOf = (db: Db): VoiceService | undefined => services.get(db);

import type { Migration } from 'kysely';
import type { DialectName } from './types.js';
import { publicRateMigration } from '../public/migrations.js';
import { surveyTablesMigration } from '../modules/interaction/surveys/migrations.js';
import { adviceOpinionMigration } from '../modules/interaction/advice/migrations.js';
import { applySettingMigration } from '../modules/interaction/apply/migrations.js';
import { smsLogMigration } from '../notify/smsMigration.js';

/**
 * Migrations of the domain modules, after the core tables (`2026_001_core`). Names sort in the order
 * they run and never change once released: add a new one, never edit an old one. Tables of declared
 * resources need none (server/db/schemaSync.ts makes them from the fields); use this for module tables,
 * indexes and constraints.
 */
export const moduleMigrations: { name: string; migration: (dialect: DialectName) => Migration }[] = [
  // Public-submission guard (docs/interaction-mail.md): accepted submissions per kind and IP.
  { name: '2026_050_public_rate', migration: publicRateMigration },
  // Surveys, advice opinions, disclosure settings, SMS log (docs/interaction-forms.md).
  { name: '2026_071_surveys', migration: surveyTablesMigration },
  { name: '2026_072_advice_opinions', migration: adviceOpinionMigration },
  { name: '2026_073_apply_settings', migration: applySettingMigration },
  { name: '2026_074_sms_log', migration: smsLogMigration },
];

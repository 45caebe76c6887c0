import type { Migration } from 'kysely';
import { addSerialKey } from './columns.js';
import type { Db, DialectName } from './types.js';
import { publicRateMigration } from '../public/migrations.js';
import { interactionMailMigration } from '../modules/interaction/mail/migrations.js';
import { forumTablesMigration } from '../modules/interaction/forums/migrations.js';
import { contentTablesMigration } from '../modules/content/migrations.js';
import { articleSearchMigration, articleSearchOrderMigration } from '../modules/content/search/migrations.js';
import { articleSearchFacetIndexMigration, articleSearchOptimizeMigration, articleSearchPgFacetIndexMigration, articleSearchRelevanceMigration } from '../modules/content/search/migrations.js';

import { surveyTablesMigration } from '../modules/interaction/surveys/migrations.js';
import { adviceOpinionMigration } from '../modules/interaction/advice/migrations.js';
import { applySettingMigration } from '../modules/interaction/apply/migrations.js';
import { smsLogMigration } from '../notify/smsMigration.js';
import { jobLockMigration } from '../jobs/migrations.js';
import { economicFigureMigration } from '../modules/economic/migrations.js';
import { siteCallsMigration } from '../modules/site/migrations.js';
import { columnRoleMigration, monitorTablesMigration, purgeSampleMonitoringMigration } from '../modules/monitoring/migrations.js';
import { permissionVersionMigration } from '../auth/permissionVersion.js';
import { perfIndexesMigration, searchExcerptMigration } from './perfMigrations.js';
import { cacheVersionsMigration } from '../auth/cacheVersions.js';
import { rateCounterMigration } from '../http/counterStore.js';
import { sessionPasswordChangeMigration } from '../auth/passwordChange.js';
import { shownIndexMigration } from '../modules/generation/shownIndex.js';
import { articleVoiceMigration } from '../modules/content/voice/migrations.js';
import { peopleSsoMigration } from '../modules/interaction/people/sso/migrations.js';
import { siteManifestCopiesMigration, siteManifestMigration, siteManifestPendingMigration } from '../modules/generation/guard/migrations.js';
import { idempotencyMigration } from '../http/idempotencyStore.js';
import { logChainMigration } from '../audit/chain/migrations.js';
/**
 * Migrations of the domain modules, after the core tables (`2026_001_core`). Names sort in the order
 * they run and never change once released: add a new one, never edit an old one. Tables of declared
 * resources need none (server/db/schemaSync.ts makes them from the fields); use this for module tables,
 * indexes and constraints.
 */
export const moduleMigrations: { name: string; migration: (dialect: DialectName) => Migration }[] = [
  // Content (docs/content.md): columns, content models, articles, review history, relevance, sensitive hits.
  { name: '2026_040_content', migration: contentTablesMigration },
  // Article search index (docs/search-and-reports.md): article_search + FTS5 bigrams (SQLite) or a GIN text[] (PostgreSQL).
  { name: '2026_041_article_search', migration: articleSearchMigration },
  { name: '2026_042_article_search_order', migration: articleSearchOrderMigration },
  // Password rules (docs/system-security.md): change time, failures and lockout per account, in the database.
  { name: '2026_010_user_password_state', migration: userPasswordState },
  // Public-submission guard (docs/interaction-mail.md): accepted submissions per kind and IP.
  { name: '2026_050_public_rate', migration: publicRateMigration },
  // Leader mailbox and notices (docs/interaction-mail.md).
  { name: '2026_090_interaction_mail', migration: interactionMailMigration },
  // Departments (docs/system-org.md): creation and change times, for the paged list's startTime/endTime.
  { name: '2026_078_department_times', migration: departmentTimes },
  // Forums, themes, people (docs/interaction-forums.md): plate roles, replies, monthly counts, citizen sessions.
  { name: '2026_075_interaction_forums', migration: forumTablesMigration },
  // Surveys, advice opinions, disclosure settings, SMS log (docs/interaction-forms.md).
  { name: '2026_071_surveys', migration: surveyTablesMigration },
  { name: '2026_072_advice_opinions', migration: adviceOpinionMigration },
  { name: '2026_073_apply_settings', migration: applySettingMigration },
  { name: '2026_074_sms_log', migration: smsLogMigration },
  // Leases shared by every instance (server/jobs): scheduled jobs run once, exclusive work is serialised.
  { name: '2026_100_job_lock', migration: jobLockMigration },
  // Economic data (docs/economic-data.md): the figures of the eight areas, one per indicator and period.
  { name: '2026_200_econ_figures', migration: economicFigureMigration },
  // Visit counter and SMS codes (docs/spec-calls.md).
  { name: '2026_210_calls_site', migration: siteCallsMigration },
  // Site monitoring (docs/monitoring.md): inspection records, broken links, server samples, reminders sent, annual report, column update limits.
  { name: '2026_230_monitor_tables', migration: monitorTablesMigration },
  // 栏目类别（考核）: the role each column plays for the inspection indicators and the annual report.
  { name: '2026_s18_column_role', migration: columnRoleMigration },
  // The old demo's made-up monitoring history is removed (docs/monitoring.md "No made-up figures").
  { name: '2026_s18_purge_sample_monitoring', migration: purgeSampleMonitoringMigration },
  // Performance (docs/performance.md): permission counter, list sort indexes, stored search excerpts.
  { name: '2026_220_perf_permission_version', migration: permissionVersionMigration },
  { name: '2026_220_perf_list_indexes', migration: perfIndexesMigration },
  { name: '2026_220_perf_search_excerpt', migration: searchExcerptMigration },
  // Session and article-list cache counters (docs/performance.md).
  { name: '2026_300_apiperf_cache_versions', migration: cacheVersionsMigration },
  // Rate limits and failed-login counters shared by every instance (docs/deploy.md).
  { name: '2026_140_harden_rate_counter', migration: rateCounterMigration },
  // Forced password change (docs/system-security.md): the mark on a session that must change its password first.
  { name: '2026_300_bohome_session_password_change', migration: sessionPasswordChangeMigration },
  // Static generation (docs/generation.md "Republishing"): which list and home pages show which article.
  { name: '2026_300_genperf_site_page_article', migration: shownIndexMigration },
  // Search (docs/performance.md): the SQLite word index merged into one segment once.
  { name: '2026_s5_search_fts_optimize', migration: articleSearchOptimizeMigration },
  // Read-aloud audio of articles and unified-identity sign-in (docs/voice.md, docs/identity.md).
  { name: '2026_s18_article_voice', migration: articleVoiceMigration },
  { name: '2026_s18_people_sso', migration: peopleSsoMigration },
  // 网页防篡改 (docs/generation.md "Site guard"): the hash of every published file, shared by every instance.
  { name: '2026_s18_guard_site_manifest', migration: siteManifestMigration },
  // Idempotent creates (docs/api-conventions.md): the first answer per Idempotency-Key, caller and route.
  { name: '2026_s18_idempotency_record', migration: idempotencyMigration },
  // Search relevance, statistics (issue 25, docs/search-and-reports.md): subtitle column, weighted tsvector, search_stat.
  { name: '2026_s18_search_relevance', migration: articleSearchRelevanceMigration },
  // Tamper-evident operation log (docs/system-security.md): the chain head row.
  { name: '2026_s18_log_chain', migration: logChainMigration },
  // Search speed (issue 25, session 22): a narrow index for the facets and common-word relevance (SQLite).
  { name: '2026_s22_search_facet_index', migration: articleSearchFacetIndexMigration },
  // 网页防篡改, issue 26 session 28: a page's .br/.gz hashes in the page's own manifest row.
  { name: '2026_s28_guard_manifest_copies', migration: siteManifestCopiesMigration },
  // Issue 26 session 30: the pages waiting for their .br/.gz (a bulk run's), found by the background pass.
  { name: '2026_s30_guard_manifest_pending', migration: siteManifestPendingMigration },
  // Search speed (issue 25, session 32): the facets' narrow index on PostgreSQL (index-only reads; measured in session 31, taken once facet ties had their own order).
  { name: '2026_s32_search_facet_index_pg', migration: articleSearchPgFacetIndexMigration },
];

function userPasswordState(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('users').addColumn('passwordChangedAt', 'text').execute();
      await db.schema.alterTable('users').addColumn('failedLogins', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('lockedUntil', 'text').execute();
      await db.schema.alterTable('users').addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await addSerialKey(db.schema.createTable('password_type'), 'id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('pattern', 'text', (c) => c.notNull())
        .addColumn('remark', 'text')
        .addColumn('updateTime', 'text')
        .execute();
    },
  };
}

function departmentTimes(): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('departments').addColumn('createTime', 'text').execute();
      await db.schema.alterTable('departments').addColumn('updateTime', 'text').execute();
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import { databaseTypesSource, databaseTypesSources, GENERATED_FILES } from '../../../server/db/typegen';
import { loadDeclarations } from '../../../server/resources/loadDeclarations';

const dbDir = path.resolve(__dirname, '../../../server/db');
const onDisk = () => GENERATED_FILES.map((f) => fs.readFileSync(path.join(dbDir, f), 'utf8')).join('\n');

// The Kysely `Database` type is derived from the migrations and the declarations; a change to either
// without `npm run db:types` leaves the modules type-checked against tables that no longer exist.
describe('server/db/database.generated.ts', () => {
  it('matches the tables the migrations and the declarations make (else run `npm run db:types`)', async () => {
    const sources = await databaseTypesSources();
    for (const file of GENERATED_FILES) expect(fs.readFileSync(path.join(dbDir, file), 'utf8'), file).toBe(sources[file]);
  });

  it('follows a declaration: a new field shows in its table type with its column type', async () => {
    const decls = await loadDeclarations();
    const appInfo = decls.find((d) => d.table === 'app_info') as ResourceDecl;
    const changed = { ...appInfo, fields: [...appInfo.fields, { name: 'visitLimit', label: '访问上限', type: 'number' as const }] };
    const source = await databaseTypesSource(decls.map((d) => (d === appInfo ? changed : d)));
    const table = source.slice(source.indexOf('  app_info: {'), source.indexOf('};', source.indexOf('  app_info: {')));
    expect(table).toContain('visitLimit: number | null;');
    expect(source).not.toBe(onDisk());
  });

  it('types migration tables with their constraints: keys generated, not-null columns required', async () => {
    const source = await databaseTypesSource();
    expect(source).toMatch(/ {2}users: \{\n {4}userId: Generated<number>; username: string; name: string;/);
    expect(source).toMatch(/sessions: \{\n {4}tokenHash: string; userId: number;/);
    expect(source).toContain('/* PostgreSQL only */ terms?: string[];');
  });

  it('keeps declared-entity tables apart from module tables, each file under 400 lines', async () => {
    const sources = await databaseTypesSources();
    expect(sources['entityTables.generated.ts']).toContain('  app_info: {');
    expect(sources['database.generated.ts']).not.toContain('  app_info: {');
    expect(sources['database.generated.ts']).toMatch(/ {2}sessions: \{/);
    for (const file of GENERATED_FILES) expect(sources[file].split('\n').length, file).toBeLessThanOrEqual(400);
  });
});

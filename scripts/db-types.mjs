#!/usr/bin/env node
// Writes server/db/database.generated.ts and entityTables.generated.ts (the Kysely `Database` type) from
// the migrations and the declarations; see server/db/typegen.ts. `npm run typecheck` (and so `npm test`) runs it first, so a new
// declaration or migration needs no manual step; the file is written only when it changed.
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { databaseTypesSources } = await tsImport('../server/db/typegen.ts', import.meta.url);
for (const [name, source] of Object.entries(await databaseTypesSources())) {
  const target = path.join(root, 'server/db', name);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== source) {
    fs.writeFileSync(target, source);
    console.log(`wrote ${path.relative(root, target)}`);
  }
}

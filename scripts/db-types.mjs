#!/usr/bin/env node
// Writes server/db/database.generated.ts (the Kysely `Database` type) from the migrations and the
// declarations; see server/db/typegen.ts. Run after changing either: `npm run db:types`.
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { databaseTypesSource } = await tsImport('../server/db/typegen.ts', import.meta.url);
const target = path.join(root, 'server/db/database.generated.ts');
fs.writeFileSync(target, await databaseTypesSource());
console.log(`wrote ${path.relative(root, target)}`);

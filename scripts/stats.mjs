#!/usr/bin/env node
// `npm run stats`: how far the 30 entities the portal started with are served by their declarations
// (issue 19), by name; entities declared since are listed apart. Reads files only:
// - generic routes: the declaration does not say `routes: 'module'`;
// - generic views: no src/views/<name>.tsx;
// - per-entity code: server module files that read or write an original entity's table or look up its
//   declaration or call the local API on it by name (its tables: its own and those named after it,
//   survey_question, theme_reply) (modules for what is not an entity listed apart), behaviour files (server/entities/), custom
//   screens (src/views/<name>.tsx, src/views/<name>/ and the src/views files they import, the src/panels/
//   files the declaration names, and any src/ file only those screens import);
// - direct writes: insertInto/updateTable/deleteFrom on a declared entity's table outside server/crud/ and
//   outside that entity's own behaviour file (the local API is the way in);
// - routes with a request schema: generic routes carry one each; module routes when registered with `schema`;
// - functions over 100 lines in resources/, providers/, src/, server/ (TypeScript's parser).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ORIGINAL = ['advice', 'announcement', 'apply', 'article', 'column', 'contentModel', 'dataDict', 'dearchFeedback', 'department', 'forum', 'hot', 'hotWord', 'mail', 'menu', 'notice', 'noticeSetting', 'operationLog', 'passwordRule', 'person', 'plate', 'questAnswer', 'report', 'role', 'sensitive', 'siteSetting', 'suggest', 'survey', 'theme', 'user', 'website'];

const walk = (dir, out = []) => {
  if (!fs.existsSync(path.join(root, dir))) return out;
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) walk(rel, out);
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
};
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
const lines = (f) => read(f).split('\n').length;
const exists = (f) => fs.existsSync(path.join(root, f));

// Declarations: one per top-level resources/*.ts (a helper of a sub-folder read with it).
const declFiles = fs.readdirSync(path.join(root, 'resources')).filter((f) => /\.ts$/.test(f)).map((f) => `resources/${f}`);
const declText = (f) => [read(f), ...[...read(f).matchAll(/from '\.\/(\w+\/\w+)'/g)].map((m) => `resources/${m[1]}.ts`).filter(exists).map(read)].join('\n');
const decls = declFiles
  .filter((f) => /defineResource\(|economicArea\(/.test(read(f)))
  .map((f) => {
    const text = declText(f);
    // The declaration's own name and table (a constant above it may hold a field's `name:` or a link's `table:`).
    const own = read(f).slice(Math.max(0, read(f).search(/defineResource\(|economicArea\(/)));
    const name = /name:\s*'(\w+)'/.exec(own)?.[1] ?? path.basename(f, '.ts');
    // Calls of the generic API still answered by a module (`servedBy: 'module'`): printed beside the count.
    const served = [...read(f).matchAll(/(\w+): \{[^{}\n]*servedBy: 'module'/g)].map((m) => m[1]);
    return { name, file: f, served, table: /table:\s*'(\w+)'/.exec(own)?.[1] ?? /table:\s*'(\w+)'/.exec(text)?.[1] ?? /table:\s*(\w+)/.exec(text)?.[1], module: /routes:\s*'module'/.test(text) };
  });
const byName = new Map(decls.map((d) => [d.name, d]));
const original = ORIGINAL.map((n) => byName.get(n)).filter(Boolean);
const added = decls.filter((d) => !ORIGINAL.includes(d.name));
const tables = new Map(decls.filter((d) => d.table).map((d) => [d.table, d.name]));

// Custom screens: src/views/<name>.tsx, src/views/<name>/, and the src/views files they import.
function viewFiles(name) {
  const start = [`src/views/${name}.tsx`, ...walk(`src/views/${name}`)].filter(exists);
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length) {
    const f = queue.pop();
    // Static imports and lazy ones (`import('./RoleScreen')`): a screen behind React.lazy is a screen all the same.
    for (const m of read(f).matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
      const base = path.normalize(path.join(path.dirname(f), m[1]));
      const hit = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find(exists);
      if (hit && hit.startsWith('src/views/') && !seen.has(hit)) {
        seen.add(hit);
        queue.push(hit);
      }
    }
  }
  return [...seen];
}

// A file's table names: literals and `const X = 'table'` constants in calls.
const tableCalls = (text, kinds) => {
  const consts = new Map([...text.matchAll(/const (\w+)\s*=\s*'(\w+)'/g)].map((m) => [m[1], m[2]]));
  const out = [];
  for (const m of text.matchAll(new RegExp(`\\.(${kinds})\\(\\s*(?:'(\\w+)'|(\\w+))`, 'g'))) out.push(m[2] ?? consts.get(m[3]));
  return out.filter(Boolean);
};
const WRITE = 'insertInto|updateTable|deleteFrom';
const originalTables = new Set(original.map((d) => d.table));
// An entity's own tables: its table and those named after it (survey_question, theme_reply, article_report).
const ownedByOriginal = (t) => originalTables.has(t) || [...originalTables].some((o) => t.startsWith(`${o}_`));
// A module reaches an original entity by its table, its declaration, or the local API by name
// (`api.find('mail', …)`, `api.seed('user', …)`): going through the local API is the right way in, and the
// code is that entity's all the same. seedOne's first argument may be a call (`seedOne(seedApi(db, decls), 'survey', …)`).
const LOCAL_API = new RegExp(`(?:\\.(?:find|findById|findOne|get|create|update|delete|run|runAction|seed|list|count|alsoAt)\\(|seedOne\\((?:[^,()]|\\([^()]*\\))+,)\\s*'(${ORIGINAL.join('|')})'`);
const readsOriginal = walk('server/modules').filter((f) => {
  const text = read(f);
  return tableCalls(text, `selectFrom|${WRITE}`).some(ownedByOriginal) || ORIGINAL.some((n) => text.includes(`declarationOf(app, '${n}')`)) || LOCAL_API.test(text);
});
// Modules for what is not an entity (generation, search, statistics, monitoring, the site's own services,
// speech, templates, sessions) read entities' tables to do their own work; they are not an entity's code.
// The issue's baseline (16,800 lines = "their modules and screens") counts the same way. Listed apart.
const NOT_ENTITY = /^server\/modules\/(generation|statistics|monitoring|site|workbench|interworking|auth|economic|content\/search|content\/voice|system\/templates|system\/backups)\//;
const moduleFiles = readsOriginal.filter((f) => !NOT_ENTITY.test(f));
const serviceModules = readsOriginal.filter((f) => NOT_ENTITY.test(f));
// server/entities/<name>.ts, or a file of its folder server/entities/<name>/ (mail, apply).
const behaviourOf = (f) => f.slice('server/entities/'.length).split('/')[0].replace(/\.ts$/, '');
// The original entities' behaviour files (the entities declared since are listed apart, like their screens).
const behaviourFiles = walk('server/entities').filter((f) => ORIGINAL.includes(behaviourOf(f)));
// Panels an original declaration names (`dialog`, `listPanels`, `showPanels`: src/panels/<name>.tsx) are that
// entity's screens too, and so is every src/components file that only such screens import (a dialog's component).
const importsOf = (f) =>
  [...read(f).matchAll(/(?:from |import\()'(\.[^']+)'/g)]
    .map((m) => path.normalize(path.join(path.dirname(f), m[1])))
    .map((base) => [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find(exists))
    .filter(Boolean);
const srcFiles = walk('src');
const importers = new Map();
for (const f of srcFiles) for (const i of importsOf(f)) importers.set(i, [...(importers.get(i) ?? []), f]);
const panelsOf = (d) => {
  const text = declText(d.file);
  const names = [...text.matchAll(/dialog:\s*'(\w+)'/g)].map((m) => m[1]);
  for (const m of text.matchAll(/(?:listPanels|showPanels):\s*\[([^\]]*)\]/g)) names.push(...[...m[1].matchAll(/'(\w+)'/g)].map((n) => n[1]));
  return names.map((n) => `src/panels/${n}.tsx`).filter(exists);
};
function entityScreens(d) {
  const set = new Set([...viewFiles(d.name), ...panelsOf(d)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of [...set]) for (const i of importsOf(f)) {
      if (set.has(i) || !/^src\/(components|panels|views)\//.test(i)) continue;
      if ((importers.get(i) ?? []).every((by) => set.has(by))) { set.add(i); grew = true; }
    }
  }
  return [...set];
}
const screens = [...new Set(original.flatMap((d) => entityScreens(d)))];
const sum = (files) => files.reduce((n, f) => n + lines(f), 0);

const directWriteSites = [];
for (const f of walk('server').filter((f) => !f.startsWith('server/crud/'))) {
  for (const t of tableCalls(read(f), WRITE)) {
    const owner = tables.get(t);
    if (owner && !(f.startsWith('server/entities/') && behaviourOf(f) === owner)) directWriteSites.push(`${f} → ${t}`);
  }
}

// Request schemas: each generic route has one; a module route when its options carry `schema`.
const genericRoutes = decls.filter((d) => !d.module).length * 5;
let moduleRoutes = 0;
let moduleWithSchema = 0;
for (const f of walk('server/modules')) {
  const text = read(f);
  for (const m of text.matchAll(/\bapp\.(get|post|put|delete|route)\(/g)) {
    moduleRoutes++;
    if (/schema\s*[:,]/.test(text.slice(m.index, m.index + 400).split(/\n\s*app\./)[0])) moduleWithSchema++;
  }
}
const schemaShare = Math.round(((genericRoutes + moduleWithSchema) / (genericRoutes + moduleRoutes)) * 100);

function longFunctions(files) {
  const out = [];
  for (const f of files) {
    const sf = ts.createSourceFile(f, read(f), ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
        const n = sf.getLineAndCharacterOfPosition(node.getEnd()).line - sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        if (n > 100) out.push(`${f}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} (${n})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
const long = longFunctions(['resources', 'providers', 'src', 'server'].flatMap((d) => walk(d)));

const genericRouted = original.filter((d) => !d.module);
const genericViewed = original.filter((d) => !exists(`src/views/${d.name}.tsx`));
const rows = [
  [`original entities declared`, `${original.length} of ${ORIGINAL.length}`],
  ['on the generic routes', `${genericRouted.length}  (${genericRouted.map((d) => d.name).join(' ')})`],
  ['  of which calls still served by a module', genericRouted.filter((d) => d.served.length).map((d) => `${d.name}: ${d.served.join(', ')}`).join('; ') || 'none'],
  ['on the generic views', `${genericViewed.length}  (${genericViewed.map((d) => d.name).join(' ')})`],
  ['per-entity code, lines', `${sum(moduleFiles) + sum(behaviourFiles) + sum(screens)}  (modules ${sum(moduleFiles)} in ${moduleFiles.length} files, behaviour files ${sum(behaviourFiles)}, custom screens ${sum(screens)})`],
  ['  of which demo data (seed files)', `${sum([...moduleFiles].filter((f) => /\/seed\.ts$/.test(f)))}`],
  ['  not counted: service modules reading them', `${sum(serviceModules)}  in ${serviceModules.length} files (generation, search, statistics, monitoring…)`],
  ['direct writes to a declared table outside its behaviour file', directWriteSites.length],
  ['routes with a request schema', `${schemaShare} %  (generic ${genericRoutes}, module ${moduleWithSchema} of ${moduleRoutes})`],
  ['functions over 100 lines', long.length],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
console.log(`\nentities declared since (${added.length}): ${added.map((d) => `${d.name}${d.module ? '*' : ''}`).join(' ')}  (* module routes)`);
if (long.length) console.log(`\nfunctions over 100 lines:\n  ${long.join('\n  ')}`);
// `LIST=1 npm run -s stats`: the files behind the figures.
if (process.env.LIST) {
  console.log(`\nper-entity files:\n  ${[...moduleFiles, ...behaviourFiles, ...screens].map((f) => `${lines(f)} ${f}`).join('\n  ')}`);
  console.log(`\ndirect writes:\n  ${directWriteSites.join('\n  ')}`);
}

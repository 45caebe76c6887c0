#!/usr/bin/env node
/**
 * Writes server/modules/system/templates/shippedHistory.json: for every file of the shipped skins, the
 * sha256 of each content it had in git history. The skin upgrade (docs/generation.md "Skin upgrades")
 * uses it to recognise an unedited file in an installation that predates the install manifest.
 * Run after changing a file of defaultSkin/ and commit the result: `node scripts/skin-history.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const PREFIX = 'server/modules/system/templates/defaultSkin/';
const OUT = 'server/modules/system/templates/shippedHistory.json';
const git = (...args) => execFileSync('git', args, { maxBuffer: 64 * 1024 * 1024 });

const commits = git('rev-list', 'HEAD', '--', PREFIX).toString().trim().split('\n').filter(Boolean);
const history = {};
for (const commit of commits) {
  const tree = git('ls-tree', '-r', commit, '--', PREFIX).toString().trim().split('\n').filter(Boolean);
  for (const line of tree) {
    const [meta, file] = line.split('\t');
    const blob = meta.split(' ')[2];
    const rel = file.slice(PREFIX.length);
    const hash = createHash('sha256').update(git('cat-file', 'blob', blob)).digest('hex');
    (history[rel] ??= new Set()).add(hash);
  }
}
const sorted = Object.fromEntries(Object.keys(history).sort().map((k) => [k, [...history[k]].sort()]));
writeFileSync(OUT, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${OUT}: ${Object.keys(sorted).length} files, ${commits.length} commits`);

// `npm test`: every stage of the suite, in phases. Stages of one phase share nothing (other databases,
// other ports, other output folders), so they run side by side: the CI machine has 2 cores and most
// stages keep only one of them busy. A failed phase stops the run. Each stage's output is kept in
// test-results/<stage>.log and printed whole when it ends; a failure is repeated at the very end, so
// the tail of the run always shows what failed. TEST_SERIAL=1 runs one stage at a time.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const logDir = join(root, 'test-results');
mkdirSync(logDir, { recursive: true });
// Written by vitest.config.ts for errors thrown outside any test.
const unhandledLog = join(logDir, 'unhandled-errors.log');
rmSync(unhandledLog, { force: true });

/** name → shell command; the commands are the package.json scripts of the same name. */
const phases = [
  [
    ['typecheck', 'npm run -s typecheck'],
    ['lint', 'npm run -s lint'],
    ['build', 'bash scripts/ensure-chromium.sh && bash scripts/ensure-speech.sh && node scripts/build-if-stale.mjs'],
  ],
  [['unit', 'npx vitest run --project unit']],
  [
    ['api', 'npx vitest run --project api'],
    ['api-pg+multi', 'bash scripts/with-postgres.sh npx vitest run --project api && npm run -s test:multi'],
  ],
  [['browser', 'npx vitest run --project browser']],
];

function run(name, command) {
  const started = Date.now();
  const file = join(logDir, `${name}.log`);
  const out = createWriteStream(file);
  return new Promise((done) => {
    const child = spawn('bash', ['-c', command], { cwd: root, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`\n===== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s =====\n`);
        process.stdout.write(readFileSync(file, 'utf8'));
        done({ name, code, seconds, file });
      });
    });
  });
}

const serial = process.env.TEST_SERIAL === '1';
const results = [];
for (const phase of phases) {
  const ended = [];
  if (serial) for (const [name, command] of phase) ended.push(await run(name, command));
  else ended.push(...(await Promise.all(phase.map(([name, command]) => run(name, command)))));
  results.push(...ended);
  if (ended.some((r) => r.code !== 0)) break;
}

const failed = results.filter((r) => r.code !== 0);
for (const r of failed) {
  const lines = readFileSync(r.file, 'utf8').split('\n');
  process.stdout.write(`\n===== ${r.name} failed; the end of its output (${r.file}) =====\n${lines.slice(-250).join('\n')}\n`);
  // Vitest's own error sections (failed tests, unhandled errors), which the tail may have cut.
  const sections = lines.filter((l) => /⎯{3,} (Failed Tests|Unhandled Error)/.test(l) || /^\s*(FAIL\s|[A-Za-z]*Error:|❯ )/.test(l));
  if (sections.length) process.stdout.write(`\n===== ${r.name}: the error lines =====\n${sections.slice(0, 40).join('\n')}\n`);
}
// Printed last: a CI log that keeps only its end still shows the error thrown outside any test, whole.
if (existsSync(unhandledLog)) process.stdout.write(`\n===== errors thrown outside any test (${unhandledLog}) =====\n${readFileSync(unhandledLog, 'utf8').split('\n').slice(0, 60).join('\n')}\n`);
process.stdout.write('\n===== summary =====\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds} s)\n`);
process.exit(failed.length ? 1 : 0);

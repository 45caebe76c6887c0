// `npm test`: every stage of the suite. The CI machine has 2 cores and most stages keep only one of them
// busy (one test process with its server in it), so stages run from a queue, a few at a time, longest
// first, each starting as soon as a slot is free and what it needs has passed (the browser stages need the
// built front end). Stages share nothing: other databases, other ports, other output files. Each stage's
// output is kept in test-results/<stage>.log and printed whole when it ends; a failure is repeated at the
// very end, so the tail of the run always shows what failed.
//   TEST_JOBS=n     stages at a time (default 4: a stage waits on its browser or database part of the time)
//   TEST_SERIAL=1   one stage at a time (the same as TEST_JOBS=1)
//   STAGE_TIMEOUT_S a stage still running after this many seconds is stopped and counts as failed (default
//                   1680, just under CI's 30 minutes: a hung stage is then named in the log, with its output,
//                   instead of the whole job being cut off). No stage is retried: a test that fails once is
//                   reported, not hidden.
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
// Written by the API tests' servers (tests/api/helpers/serverErrorLog.ts): their errors, each after its test's name.
const serverErrorLog = join(logDir, 'server-errors.log');
rmSync(serverErrorLog, { force: true });

const BROWSER_SHARDS = 2;
const PG_SHARDS = 2;
/** The browser files that walk a citizen service end to end, from the page to staff and back. */
const ROUND_TRIPS = ['citizen-services', 'citizen-qa', 'forum-topic', 'survey'].map((f) => `tests/browser/${f}.test.ts`);
// What the stages need from Debian (installed once, before any stage starts; quick when present).
const prepare = 'bash scripts/ensure-chromium.sh && bash scripts/ensure-speech.sh && bash scripts/ensure-nginx.sh';

/**
 * The stages, longest first (the order they start in): name, shell command (the package.json scripts of the
 * same name), and the stages that must pass first.
 */
const stages = [
  // PostgreSQL answers each call over a socket: the API files take about twice as long as on SQLite, so they
  // run in two shards, each on a throwaway cluster of its own.
  ...Array.from({ length: PG_SHARDS }, (_, i) => ({
    name: `api-pg-${i + 1}`,
    command: `bash scripts/with-postgres.sh npx vitest run --project api --shard=${i + 1}/${PG_SHARDS}`,
  })),
  { name: 'build', command: 'node scripts/build-if-stale.mjs' },
  { name: 'api', command: 'npx vitest run --project api' },
  ...Array.from({ length: BROWSER_SHARDS }, (_, i) => ({
    name: `browser-${i + 1}`,
    command: `npx vitest run --project browser --shard=${i + 1}/${BROWSER_SHARDS}`,
    after: ['build'],
  })),
  // The citizens' round trips (issue 24) on PostgreSQL too, the production database: every page submits,
  // staff answer in the admin app, the citizen reads the answer, with the API behind them on PostgreSQL.
  {
    name: 'browser-pg',
    command: `bash scripts/with-postgres.sh npx vitest run --project browser ${ROUND_TRIPS.join(' ')}`,
    after: ['build'],
  },
  { name: 'unit', command: 'npx vitest run --project unit --project unit-node' },
  { name: 'typecheck', command: 'npm run -s typecheck' },
  { name: 'multi', command: 'npm run -s test:multi' },
  { name: 'lint', command: 'npm run -s lint' },
];

const stageTimeoutS = Number(process.env.STAGE_TIMEOUT_S ?? 1680);
/** Process groups of the stages running: stopped with this script (a stage's group no longer gets the terminal's signals). */
const groups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/**
 * The whole machine's busy and total CPU seconds since boot (Linux /proc/stat, in USER_HZ = 100ths of a
 * second): what the stages' own figures miss (PostgreSQL's servers, Chromium's renderers, the kernel).
 */
function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 };
  } catch {
    return null;
  }
}

/** The stage's CPU seconds (user + system) from the second line `times` printed (its children), e.g. "12m3.40s 1m0.25s". */
function cpuSeconds(text) {
  const line = text.match(/\[test-all\] cpu .*\n.*\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s/);
  if (!line) return null;
  const [, um, us, sm, ss] = line.map(Number);
  return Math.round(um * 60 + us + sm * 60 + ss);
}

function run({ name, command }) {
  const started = Date.now();
  const file = join(logDir, `${name}.log`);
  const out = createWriteStream(file);
  process.stdout.write(`----- ${name}: started -----\n`);
  return new Promise((done) => {
    // Its own process group, so that a stage past its time is stopped with everything it started.
    // `times` after the command: the CPU its processes used (user and system), printed in the summary, so that
    // what makes the run long on two cores is measured, not guessed. The test processes and their servers count;
    // Chromium's renderers and PostgreSQL's clusters do not (not reaped through the stage's processes), which the
    // machine's figure in the summary does include, with anything else the machine runs.
    const measured = `{ ${command}\n}; status=$?; echo "[test-all] cpu (shell, then what it started):"; times; exit $status`;
    const child = spawn('bash', ['-c', measured], { cwd: root, detached: true, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    groups.add(child.pid);
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      out.write(`\n[test-all] ${name}: still running after ${stageTimeoutS} s, stopped (STAGE_TIMEOUT_S)\n`);
      try {
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 10_000).unref();
      } catch {
        // already gone
      }
    }, stageTimeoutS * 1000);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (exit) => {
      clearTimeout(limit);
      groups.delete(child.pid);
      const code = timedOut && exit === 0 ? 1 : exit ?? 1;
      out.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const how = timedOut ? `FAILED (stopped after ${stageTimeoutS} s)` : code === 0 ? 'passed' : `FAILED (exit ${code})`;
        const text = readFileSync(file, 'utf8');
        const cpu = cpuSeconds(text);
        process.stdout.write(`\n===== ${name}: ${how} in ${seconds} s${cpu === null ? '' : `, ${cpu} s of CPU`} =====\n`);
        process.stdout.write(text);
        done({ name, code, seconds, cpu, file });
      });
    });
  });
}

const prepared = await run({ name: 'prepare', command: prepare });
if (prepared.code !== 0) process.exit(1);

const slots = process.env.TEST_SERIAL === '1' ? 1 : Math.max(1, Number(process.env.TEST_JOBS ?? 4));
const started = Date.now();
const machineAtStart = machineCpu();
const results = new Map();
const waiting = [...stages];
const running = new Set();

/** Starts what may start; a stage whose prerequisite failed is skipped (recorded as failed). */
function schedule() {
  for (const stage of [...waiting]) {
    const failedFirst = (stage.after ?? []).find((n) => results.has(n) && results.get(n).code !== 0);
    if (failedFirst) {
      waiting.splice(waiting.indexOf(stage), 1);
      results.set(stage.name, { name: stage.name, code: -1, seconds: 0, file: null, skipped: failedFirst });
      continue;
    }
    if (running.size >= slots) break;
    if (!(stage.after ?? []).every((n) => results.has(n))) continue;
    waiting.splice(waiting.indexOf(stage), 1);
    const job = run(stage).then((r) => {
      running.delete(job);
      results.set(r.name, r);
    });
    running.add(job);
  }
}

schedule();
while (running.size) {
  await Promise.race(running);
  schedule();
}

const ordered = stages.map((s) => results.get(s.name));
const failed = ordered.filter((r) => r.code !== 0);
for (const r of failed) {
  if (!r.file) continue;
  const lines = readFileSync(r.file, 'utf8').split('\n');
  process.stdout.write(`\n===== ${r.name} failed; the end of its output (${r.file}) =====\n${lines.slice(-250).join('\n')}\n`);
  // Vitest's own error sections (failed tests, unhandled errors), which the tail may have cut.
  const sections = lines.filter((l) => /⎯{3,} (Failed Tests|Unhandled Error)/.test(l) || /^\s*(FAIL\s|[A-Za-z]*Error:|❯ )/.test(l));
  if (sections.length) process.stdout.write(`\n===== ${r.name}: the error lines =====\n${sections.slice(0, 40).join('\n')}\n`);
}
// The errors the servers of the failed API test files logged (a follower that failed after a commit answers
// nothing, and leaves only a stale page for the test to find).
const failedFiles = new Set(failed.flatMap((r) => (r.file ? [...readFileSync(r.file, 'utf8').matchAll(/FAIL\s+\|api\| (tests\/api\/\S+\.test\.ts)/g)].map((m) => m[1]) : [])));
if (failedFiles.size && existsSync(serverErrorLog)) {
  const lines = readFileSync(serverErrorLog, 'utf8').split('\n');
  const entries = [];
  for (let i = 0; i + 1 < lines.length; i += 2) if ([...failedFiles].some((f) => lines[i].startsWith(f))) entries.push(`${lines[i]}\n${lines[i + 1]}`);
  if (entries.length) process.stdout.write(`\n===== errors the failed files' servers logged (${serverErrorLog}, last 30) =====\n${entries.slice(-30).join('\n')}\n`);
}
// Printed last: a CI log that keeps only its end still shows the error thrown outside any test, whole.
if (existsSync(unhandledLog)) process.stdout.write(`\n===== errors thrown outside any test (${unhandledLog}) =====\n${readFileSync(unhandledLog, 'utf8').split('\n').slice(0, 60).join('\n')}\n`);
const cpuTotal = ordered.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
const machineAtEnd = machineCpu();
const machine =
  machineAtStart && machineAtEnd
    ? `; the machine busy ${Math.round(machineAtEnd.busy - machineAtStart.busy)} s of ${Math.round(machineAtEnd.total - machineAtStart.total)} s of CPU`
    : '';
process.stdout.write(`\n===== summary (${Math.round((Date.now() - started) / 1000)} s, ${slots} at a time, the stages' own ${cpuTotal} s of CPU${machine}) =====\n`);
for (const r of ordered) {
  const status = r.code === 0 ? 'ok    ' : r.skipped ? 'SKIPPED' : 'FAILED';
  const took = r.skipped ? ` (${r.skipped} failed first)` : ` (${r.seconds} s${r.cpu == null ? '' : `, ${r.cpu} s of CPU`})`;
  process.stdout.write(`${status} ${r.name}${took}\n`);
}
process.exit(failed.length ? 1 : 0);

/** A preload of tsx: `--require …/tsx/dist/preflight.cjs`, `--import file:///…/tsx/dist/loader.mjs`, `--import tsx`. */
const TSX_PRELOAD = /^(tsx(\/.*)?|.*[\\/]node_modules[\\/]tsx[\\/].*)$/;
const PRELOAD_FLAGS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

/**
 * The process's Node options without tsx's preloads, for `new Worker(…, { execArgv })` (issue 26, session 36).
 * A worker inherits the process's `execArgv`, so under tsx (`npm start`, the tests, the bench) each worker loaded
 * tsx and registered its hooks before its own first line: about 0.15 s of CPU per worker, for workers whose entry
 * is plain JavaScript (the read workers, the tally writer, the render bundle) or registers tsx itself
 * (tsWorkerBoot.mjs, workerCallBoot.mjs). Every other option (heap sizes, inspector, conditions) is kept.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    if (eq > 0 && PRELOAD_FLAGS.has(arg.slice(0, eq)) && TSX_PRELOAD.test(arg.slice(eq + 1))) continue;
    if (PRELOAD_FLAGS.has(arg) && TSX_PRELOAD.test(argv[i + 1] ?? '')) {
      i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

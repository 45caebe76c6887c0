import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The render worker's entry (issue 26, session 31). Loaded through tsx (boot.mjs), each worker registered
 * the loader, which starts a loader thread of its own, and had every module of the worker resolved and read
 * through it: about two thirds of a worker's start, 1.0 of 1.5 s of CPU for two workers on a busy machine,
 * in a full run of a new pool. Instead the worker's own modules are bundled once per process by esbuild (the
 * transform tsx itself uses, with the same tsconfig) into one plain module beside the packages
 * (`node_modules/.cache/portal-render-worker/<hash of the code>.mjs`), packages left to Node. When that
 * cannot be done (no esbuild, a read-only folder), boot.mjs as before.
 */
let entry: URL | undefined;

export function renderWorkerEntry(): URL {
  // Built again if the cache folder was cleared since (a worker started from a missing file fails every batch).
  if (entry?.pathname.endsWith('.mjs') && !entry.pathname.endsWith('/boot.mjs') && !fs.existsSync(fileURLToPath(entry))) entry = undefined;
  entry ??= bundled() ?? new URL('./boot.mjs', import.meta.url);
  return entry;
}

function bundled(): URL | null {
  if (process.env.GENERATION_WORKER_BUNDLE === 'off') return null;
  try {
    const require = createRequire(import.meta.url);
    const esbuild = require('esbuild') as typeof import('esbuild');
    const out = esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL('./renderWorker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      target: `node${process.versions.node}`,
      keepNames: true,
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.contents;
    if (!code) return null;
    // Beside the packages, so the bundle's imports of them resolve as the sources' do.
    const dir = path.join(path.dirname(path.dirname(require.resolve('esbuild/package.json'))), '.cache', 'portal-render-worker');
    const file = path.join(dir, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, code);
      fs.renameSync(tmp, file);
    }
    return pathToFileURL(file);
  } catch {
    return null;
  }
}

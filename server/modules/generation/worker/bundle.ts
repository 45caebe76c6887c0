import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The render worker's entry (issue 26, session 31). Loaded through tsx (server/shared/tsWorkerBoot.mjs), each worker registered
 * the loader, which starts a loader thread of its own, and had every module of the worker resolved and read
 * through it: about two thirds of a worker's start, 1.0 of 1.5 s of CPU for two workers on a busy machine,
 * in a full run of a new pool. Instead the worker's own modules are bundled once per process by esbuild (the
 * transform tsx itself uses, with the same tsconfig) into one plain module beside the packages
 * (`node_modules/.cache/portal-render-worker/<hash of the code>.mjs`), packages left to Node. When that
 * cannot be done (no esbuild, a read-only folder), the TypeScript boot as before; that boot too for a worker started before the
 * build ended (RenderPool.warm waits for it).
 */
/** The TypeScript boot (tsx registered in the worker), which loads `workerData.entry`: pool.ts names renderWorker.ts. */
const FALLBACK = new URL('../../../shared/tsWorkerBoot.mjs', import.meta.url);
/** The bundle once built (null: it could not be, the TypeScript boot then); undefined while not built. */
let built: URL | null | undefined;
let building: Promise<void> | undefined;

/** Builds the bundle in the background (esbuild's service: the event loop is not held), once per process; resolves when that ended, either way. */
export function buildRenderWorker(): Promise<void> {
  building ??= bundled().then((url) => {
    built = url;
  });
  return building;
}

/** Whether the build ended (a worker started now gets the bundle, or the TypeScript boot when it could not be made). */
export const renderWorkerBuilt = (): boolean => built !== undefined;

/** The entry of a worker started now: the bundle once built, else the TypeScript boot (and the build started). */
export function renderWorkerEntry(): URL {
  // Built again if the cache folder was cleared since (a worker started from a missing file fails every batch).
  if (built && !fs.existsSync(fileURLToPath(built))) [built, building] = [undefined, undefined];
  if (built === undefined) void buildRenderWorker();
  return built ?? FALLBACK;
}

async function bundled(): Promise<URL | null> {
  if (process.env.GENERATION_WORKER_BUNDLE === 'off') return null;
  try {
    const require = createRequire(import.meta.url);
    const esbuild = require('esbuild') as typeof import('esbuild');
    const out = await esbuild.build({
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

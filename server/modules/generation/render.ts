import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Context, Liquid, type FS } from 'liquidjs';
import { isInside } from '../../files/confine.js';
import { PortalError } from '../../http/errors.js';
import { memoiseIncludes } from './includeMemo.js';
import { driveSync } from './syncDrive.js';
import { renderCompiledSync } from './compiledLiquid.js';
import { pageRenderLimit } from './pageRenderLimit.js';

/** LiquidJS's generator behind renderFileSync (not in its typings). */
type RenderFile = { _renderFile(file: string, scope: Context, options: { sync: true }): unknown };

/**
 * The sandboxed LiquidJS renderer of the static site. Staff edit templates in the browser, so a template
 * must not run code, read files outside its skin folder, or hang the server:
 * - LiquidJS has no code execution; `ownPropertyOnly` hides prototypes (`constructor`, `__proto__`),
 *   `strictFilters` refuses unknown filters;
 * - every include/render/layout goes through `sandboxFs`, which answers only regular files below the skin
 *   folder (real paths, so links out are refused too) of at most 1 MB;
 * - parseLimit / renderLimit / memoryLimit bound the template size, render time and allocations (a page's
 *   render time counts its thread's CPU, pageRenderLimit.ts, so a busy machine does not stop an honest page);
 * - the output is capped at MAX_OUTPUT_CHARS.
 * Any failure is `1002 模板错误：…`.
 */

/** Largest template source LiquidJS parses in one render (characters, includes counted). */
export const PARSE_LIMIT = 2_000_000;
/** Longest time one page may take to render (ms). */
export const RENDER_LIMIT_MS = 3_000;
/** LiquidJS's allocation budget (string lengths, ranges, arrays) for one render. */
export const MEMORY_LIMIT = 20_000_000;
/** Largest generated page (characters). */
export const MAX_OUTPUT_CHARS = 5_000_000;
const MAX_TEMPLATE_BYTES = 1024 * 1024;

export class TemplateError extends PortalError {
  constructor(message: string) {
    super(1002, `模板错误：${message}`);
    this.name = 'TemplateError';
  }
}

/** A LiquidJS file system that only ever answers files below `root` (its real path). */
export function sandboxFs(root: string): FS {
  const realRoot = fsSync.realpathSync(root);
  const refuse = (file: string): never => {
    throw new Error(`不允许引用模板目录以外的文件：${path.basename(file)}`);
  };
  const lexicallyInside = (file: string) => isInside(realRoot, path.resolve(file));
  const realInsideSync = (file: string): string | null => {
    if (!lexicallyInside(file)) return null;
    try {
      const real = fsSync.realpathSync(file);
      if (!isInside(realRoot, real)) return null;
      const st = fsSync.statSync(real);
      return st.isFile() && st.size <= MAX_TEMPLATE_BYTES ? real : null;
    } catch {
      return null;
    }
  };
  const realInside = async (file: string): Promise<string | null> => {
    if (!lexicallyInside(file)) return null;
    try {
      const real = await fs.realpath(file);
      if (!isInside(realRoot, real)) return null;
      const st = await fs.stat(real);
      return st.isFile() && st.size <= MAX_TEMPLATE_BYTES ? real : null;
    } catch {
      return null;
    }
  };
  return {
    exists: async (file) => (await realInside(file)) !== null,
    existsSync: (file) => realInsideSync(file) !== null,
    readFile: async (file) => {
      const real = await realInside(file);
      return real ? fs.readFile(real, 'utf8') : refuse(file);
    },
    readFileSync: (file) => {
      const real = realInsideSync(file);
      return real ? fsSync.readFileSync(real, 'utf8') : refuse(file);
    },
    resolve: (_dir, file, ext) => {
      // Names only, relative to the skin root: no absolute paths, no '..', no backslashes or NUL.
      // eslint-disable-next-line no-control-regex
      if (typeof file !== 'string' || !file || file.startsWith('/') || /[\\\u0000-\u001f]/.test(file) || /^[a-z]:/i.test(file) || file.split('/').includes('..')) {
        return refuse(String(file));
      }
      const target = path.resolve(realRoot, path.extname(file) ? file : file + ext);
      return lexicallyInside(target) ? target : refuse(file);
    },
    contains: async (_root, file) => (await realInside(file)) !== null,
    containsSync: (_root, file) => realInsideSync(file) !== null,
    sep: '/',
    dirname: (file) => path.dirname(file),
  };
}

/** A link from the site root (`column/3/index.html`) made relative to the page (`root` = `../../` or the base URL); full URLs, anchors and mailto links stay. */
export function href(url: unknown, root: unknown): string {
  const u = typeof url === 'string' ? url : '';
  if (!u || /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(u)) return u;
  return `${typeof root === 'string' ? root : ''}${u.replace(/^\/+/, '')}`;
}

/**
 * An engine confined to one skin folder. `cache` keeps parsed templates and memoises includes
 * (includeMemo.ts): a generation run creates one engine per worker and parses each template once.
 */
export function createEngine(skinDir: string, cache = false): Liquid {
  const engine = new Liquid({
    root: [skinDir],
    partials: [skinDir],
    layouts: [skinDir],
    extname: '.html',
    fs: sandboxFs(skinDir),
    strictFilters: true,
    ownPropertyOnly: true,
    relativeReference: false,
    dynamicPartials: true,
    outputEscape: 'escape',
    cache,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
  });
  engine.registerFilter('href', href);
  // A run renders thousands of pages with one engine: includes that come out the same are rendered once.
  if (cache) memoiseIncludes(engine);
  return engine;
}

export function messageOf(error: unknown, skinDir: string): string {
  const raw = error instanceof Error ? error.message : String(error);
  // Never show the server's own folders.
  return raw.split(skinDir).join('').replace(/\s+/g, ' ').slice(0, 500) || '渲染失败';
}

/** Renders one page synchronously (inside a render worker); the output is capped at MAX_OUTPUT_CHARS. */
export function renderSync(engine: Liquid, template: string, context: Record<string, unknown>): string {
  // One render limit for the page, counting its thread's CPU (pageRenderLimit.ts), whichever way it renders.
  const renderLimit = pageRenderLimit(RENDER_LIMIT_MS);
  // The skin's templates as closures (compiledLiquid.ts) when the engine caches them (a generation run);
  // else, or when the compiled run threw, engine.renderFileSync(template, context) run by our own loop (syncDrive.ts).
  const compiled = engine.options.cache && process.env.SITE_COMPILED_TEMPLATES !== 'off' ? renderCompiledSync(engine, template, context, renderLimit) : null;
  const html =
    compiled ??
    String(driveSync((engine as unknown as RenderFile)._renderFile(template, new Context(context, engine.options, { sync: true }, { liquid: engine, renderLimit } as never), { sync: true })));
  if (html.length > MAX_OUTPUT_CHARS) throw new Error('生成的页面超过5MB');
  return html;
}

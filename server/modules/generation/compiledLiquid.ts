import { AssignTag, CommentTag, Context, ForTag, IfTag, IncludeTag, InlineCommentTag, Liquid, Output, TypeGuards, UnlessTag, isTruthy, isFalsy, toValue, type Template } from 'liquidjs';
import { driveSync } from './syncDrive.js';
import { includeMemoActive } from './includeMemo.js';

/**
 * The skin's parsed templates run as JavaScript closures (issue 26, docs/generation.md "Compiled templates"):
 * LiquidJS interprets each page through generators, a Value and a Filter object per output and a scope
 * look-up per variable; the closures built here do the same steps directly. They keep LiquidJS's own
 * semantics by calling its own pieces: the page's real `Context` holds the variables (`findScope`,
 * `readProperty`, `bottom()` for assign), filters are the engine's handlers called as LiquidJS calls them,
 * truthiness is its `isTruthy`/`isFalsy`, output goes through its `SimpleEmitter`. Compiled: text, outputs
 * and values of literals and dotted variables with filters, if/elsif/else, unless, assign, for without
 * modifiers over an array, comments, includes of a literal file without arguments. Anything else (another
 * tag, a range, `with`, a for with limit/offset, an include the include memo still serves) runs through the
 * LiquidJS node itself on the same context and emitter. Any error re-renders the whole page with LiquidJS,
 * so a broken template fails with LiquidJS's own message.
 */

/** The members of LiquidJS's Context used here (several are private in its typings). */
interface Ctx {
  opts: { operators: Record<string, (...a: unknown[]) => unknown> };
  registers: Record<string, unknown>;
  breakCalled: boolean;
  continueCalled: boolean;
  renderLimit: { check(now: number): void };
  findScope(key: string): Record<string, unknown>;
  readProperty(obj: unknown, key: unknown): unknown;
  bottom(): Record<string, unknown>;
  push(scope: object): number;
  pop(): unknown;
}
interface Emitter { buffer: string; write(html: unknown): void }
type Run = (ctx: Ctx, em: Emitter) => void;
type Eval = (ctx: Ctx) => unknown;
type Tpl = Template & { render(ctx: Ctx, emitter: unknown): unknown };
type EngineInternals = Liquid & {
  _parseFile(file: string, sync: boolean): unknown;
  _parsePartialFile(file: string, sync: boolean, currentFile?: string): unknown;
};

/** LiquidJS's SimpleEmitter, ForloopDrop and HTML classes (not exported): taken once from a probe render. */
const probed = (() => {
  const probe = new Liquid();
  let emitter: (new () => Emitter) | undefined;
  let forloop: (new (length: number, collection: string, variable: string) => { next(): void }) | undefined;
  probe.registerTag('grab', { parse() {}, render(ctx: Context, em: object) { emitter = em.constructor as typeof emitter; } });
  probe.registerFilter('grab', (v: object) => void (forloop = v.constructor as typeof forloop));
  probe.parseAndRenderSync('{% grab %}{% for x in (1..1) %}{{ forloop | grab }}{% endfor %}');
  const html = probe.parse('text')[0]?.constructor;
  if (!emitter || !forloop || !html) throw new Error('LiquidJS internals not found');
  return { Emitter: emitter, Forloop: forloop, HTML: html };
})();

const createScope = (from: Record<string, unknown>) => Object.assign(Object.create(null) as Record<string, unknown>, from);

/** A token's value as LiquidJS's evalToken gives it; null when not compiled (ranges, filtered values, bracketed variables). */
function compileToken(token: unknown): Eval | null {
  if (!token) return () => undefined;
  if (typeof token === 'object' && 'content' in token) {
    const content = (token as { content: unknown }).content;
    return () => content;
  }
  if (!TypeGuards.isPropertyAccessToken(token as never)) return null;
  const t = token as unknown as { variable?: unknown; props: unknown[] };
  if (t.variable || !t.props.length) return null;
  const paths: unknown[] = [];
  for (const p of t.props) {
    if (!p || typeof p !== 'object' || !('content' in p)) return null;
    paths.push(toValue((p as { content: unknown }).content));
  }
  const first = String(paths[0]);
  return (ctx) => {
    let v: unknown = ctx.findScope(first);
    for (const k of paths) v = driveSync(ctx.readProperty(v, k));
    return v;
  };
}

/** A LiquidJS Value (an expression then its filters); null when any part is not compiled. */
function compileValue(value: { initial: { postfix: unknown[] }; filters: { handler: (...a: unknown[]) => unknown; args: unknown[]; token: unknown; liquid: Liquid }[] }): Eval | null {
  const steps: ({ op: string } | { eval: Eval })[] = [];
  for (const token of value.initial.postfix) {
    // Binary operators only; `not` (unary) is left to LiquidJS.
    if (TypeGuards.isOperatorToken(token as never)) {
      const op = (token as unknown as { operator: string }).operator;
      if (op === 'not') return null;
      steps.push({ op });
    }
    else {
      const e = compileToken(token);
      if (!e) return null;
      steps.push({ eval: e });
    }
  }
  if (!steps.length) return null;
  const first = steps[0];
  const single = steps.length === 1 && first && 'eval' in first ? first.eval : null;
  const initial: Eval = single ?? ((ctx) => {
    const operands: unknown[] = [];
    for (const s of steps) {
      if ('eval' in s) operands.push(driveSync(s.eval(ctx)));
      else {
        const fn = ctx.opts.operators[s.op];
        if (!fn) throw new Error(`unknown operator ${s.op}`);
        const r = operands.pop();
        operands.push(driveSync(fn(operands.pop(), r, ctx)));
      }
    }
    return operands[0];
  });
  const filters: { handler: (...a: unknown[]) => unknown; args: Eval[]; token: unknown; liquid: Liquid }[] = [];
  for (const f of value.filters) {
    const args: Eval[] = [];
    for (const a of f.args) {
      const e = Array.isArray(a) ? null : compileToken(a);
      if (!e) return null;
      args.push(e);
    }
    filters.push({ handler: f.handler, args, token: f.token, liquid: f.liquid });
  }
  return (ctx) => {
    let v = driveSync(initial(ctx));
    for (const f of filters) {
      const argv = f.args.map((a) => driveSync(a(ctx)));
      v = driveSync(f.handler.apply({ context: ctx, token: f.token, liquid: f.liquid }, [v, ...argv]));
    }
    return v;
  };
}

/** A node LiquidJS renders itself, on the same context and emitter (what its renderTemplates does). */
const viaLiquid = (tpl: Tpl): Run => (ctx, em) => {
  const html = driveSync(tpl.render(ctx, em));
  if (html) em.write(html);
};

function compileList(tpls: Template[], engine: Liquid): Run {
  const runs = tpls.map((t) => compileNode(t as Tpl, engine));
  return (ctx, em) => {
    for (const run of runs) {
      run(ctx, em);
      if (ctx.breakCalled || ctx.continueCalled) return;
    }
  };
}

type ValueOf = Parameters<typeof compileValue>[0];

function compileBranches(branches: { value: ValueOf; templates: Template[]; test?: unknown }[], elseTemplates: Template[] | undefined, engine: Liquid, unless: boolean): Run | null {
  const compiled: { test: Eval; pass: (v: unknown, ctx: Ctx) => boolean; run: Run }[] = [];
  for (const b of branches) {
    const test = compileValue(b.value);
    if (!test) return null;
    const pass = (unless ? b.test : isTruthy) as (v: unknown, ctx: Ctx) => boolean;
    compiled.push({ test, pass, run: compileList(b.templates, engine) });
  }
  const otherwise = compileList(elseTemplates ?? [], engine);
  return (ctx, em) => {
    for (const b of compiled) {
      if (b.pass(driveSync(toValue(b.test(ctx))), ctx)) return b.run(ctx, em);
    }
    otherwise(ctx, em);
  };
}

function compileFor(tag: ForTag & { collection: { getText(): string }; hash: { hash: object }; templates: Template[]; elseTemplates: Template[] }, engine: Liquid): Run | null {
  if (Object.keys(tag.hash.hash).length) return null;
  const collection = compileToken(tag.collection);
  if (!collection) return null;
  const body = compileList(tag.templates, engine);
  const otherwise = compileList(tag.elseTemplates, engine);
  const text = tag.collection.getText();
  const continueKey = `continue-${tag.variable}-${text}`;
  const fallback = viaLiquid(tag as unknown as Tpl);
  return (ctx, em) => {
    const items = toValue(driveSync(collection(ctx)));
    // Strings, objects and iterables become LiquidJS's enumerations: its own tag does that.
    if (!Array.isArray(items)) return fallback(ctx, em);
    if (!items.length) return otherwise(ctx, em);
    ctx.registers[continueKey] = items.length;
    const scope = createScope({ forloop: new probed.Forloop(items.length, text, tag.variable) });
    ctx.push(scope);
    for (const item of items) {
      scope[tag.variable] = item;
      ctx.continueCalled = ctx.breakCalled = false;
      ctx.renderLimit.check(performance.now());
      body(ctx, em);
      if (ctx.breakCalled) break;
      (scope.forloop as { next(): void }).next();
    }
    ctx.continueCalled = ctx.breakCalled = false;
    ctx.pop();
  };
}

function compileInclude(tag: { file: unknown; withVar: unknown; hash: { hash: object }; currentFile?: string }, engine: Liquid): Run | null {
  const file = tag.file;
  if (typeof file !== 'string' || tag.withVar || Object.keys(tag.hash.hash).length) return null;
  const fallback = viaLiquid(tag as unknown as Tpl);
  // Parsed once per tag: the engine (and so this tag) lives only while the skin's files are unchanged (skinStamp.ts).
  let parsed: Template[] | undefined;
  const parse = () => (parsed ??= driveSync((engine as EngineInternals)._parsePartialFile(file, true, tag.currentFile)) as Template[]);
  return (ctx, em) => {
    // While the include memo serves this file (the header, the footer), its stored output is cheaper still.
    if (includeMemoActive(engine, file)) return fallback(ctx, em);
    const saved = [ctx.registers.blocks, ctx.registers.blockMode];
    ctx.registers.blocks = {};
    ctx.registers.blockMode = 0; // BlockMode.OUTPUT
    ctx.push(createScope({}));
    compiledList(parse(), engine)(ctx, em);
    ctx.pop();
    ctx.registers.blocks = saved[0];
    ctx.registers.blockMode = saved[1];
  };
}

function compileNode(tpl: Tpl, engine: Liquid): Run {
  const c = tpl.constructor;
  let run: Run | null = null;
  if (c === probed.HTML) {
    const str = (tpl as unknown as { str: string }).str;
    run = (_ctx, em) => void (em.buffer += str);
  } else if (c === Output) {
    const value = compileValue((tpl as unknown as { value: ValueOf }).value);
    if (value) run = (ctx, em) => em.write(driveSync(toValue(value(ctx))));
  } else if (c === CommentTag || c === InlineCommentTag) {
    run = () => {};
  } else if (c === AssignTag) {
    const t = tpl as unknown as { key: string; value: ValueOf };
    const value = compileValue(t.value);
    if (value) run = (ctx) => void (ctx.bottom()[t.key] = value(ctx));
  } else if (c === IfTag) {
    const t = tpl as unknown as { branches: { value: ValueOf; templates: Template[] }[]; elseTemplates?: Template[] };
    run = compileBranches(t.branches, t.elseTemplates, engine, false);
  } else if (c === UnlessTag) {
    const t = tpl as unknown as { branches: { value: ValueOf; templates: Template[]; test: unknown }[]; elseTemplates: Template[] };
    if (t.branches.every((b) => b.test === isFalsy || b.test === isTruthy)) run = compileBranches(t.branches, t.elseTemplates, engine, true);
  } else if (c === ForTag) {
    run = compileFor(tpl as never, engine);
  } else if (tpl instanceof IncludeTag) {
    run = compileInclude(tpl as never, engine);
  }
  return run ?? viaLiquid(tpl);
}

const compiledLists = new WeakMap<Template[], Run>();

/** The closures of a parsed template list (kept while LiquidJS's cache keeps the list). */
function compiledList(tpls: Template[], engine: Liquid): Run {
  let run = compiledLists.get(tpls);
  if (!run) compiledLists.set(tpls, (run = compileList(tpls, engine)));
  return run;
}

/**
 * Renders `file` as `engine.renderFileSync(file, scope)` does, through the closures. Answers null when the
 * compiled run threw: the caller renders the page with LiquidJS (its output or its own error).
 */
export function renderCompiledSync(engine: Liquid, file: string, scope: Record<string, unknown>, renderLimit?: Ctx['renderLimit']): string | null {
  const ctx = new Context(scope, engine.options as never, { sync: true }, { liquid: engine, renderLimit } as never) as unknown as Ctx;
  const em = new probed.Emitter();
  try {
    ctx.renderLimit.check(performance.now());
    compiledList(pageTemplates(engine, file), engine)(ctx, em);
  } catch {
    return null;
  }
  return em.buffer;
}

const pageFiles = new WeakMap<Liquid, Map<string, Template[]>>();

/**
 * The parsed page template, looked up once per engine: LiquidJS's cache keeps the parse but resolves the
 * file again on every render (a realpath and a stat in the sandbox). A caching engine lives only while the
 * skin's files are unchanged (skinStamp.ts), so the first answer stays right for its life.
 */
function pageTemplates(engine: Liquid, file: string): Template[] {
  let files = pageFiles.get(engine);
  if (!files) pageFiles.set(engine, (files = new Map()));
  let tpls = files.get(file);
  if (!tpls) files.set(file, (tpls = driveSync((engine as EngineInternals)._parseFile(file, true)) as Template[]));
  return tpls;
}

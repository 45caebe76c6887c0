import { Context, type Emitter, type Liquid, type Template } from 'liquidjs';

/**
 * Memoised `{% include "file" %}` for generation runs (docs/generation.md "Speed"). The header of the
 * default skin (navigation of every column) is most of a page's render time, and it is the same on
 * every page of a column at the same depth. While an include renders, every top-level variable it reads
 * is recorded with its value at the include's start (`findScope` is where LiquidJS resolves every
 * variable); the output and its side effects (variables it assigns, registers its loops set) are kept.
 * The next time the same include starts with the same values of those variables, the kept output is
 * written and the side effects are replayed: the page is byte for byte what a full render gives, since
 * the include's control flow depends only on what it read. Values are compared by a canonical
 * serialisation of plain data.
 *
 * Only includes without arguments whose source uses pure tags and filters are memoised (no increment,
 * decrement, cycle, tablerow, render, layout, block, liquid, `offset: continue`, `date` — which reads
 * the clock); an include that reads little of use (most of its starts miss) stops being memoised.
 */

type Row = Record<string, unknown>;
interface Entry {
  html: string;
  assigned: Row;
  registers: Row;
}
interface FileMemo {
  /** Dependency lists seen (a list is one control-flow path), each with its entries by key. */
  groups: { deps: string[]; entries: Map<string, Entry> }[];
  lookups: number;
  hits: number;
  stored: number;
  off: boolean;
}
interface Recorder {
  reads: Set<string>;
  tainted: boolean;
}
interface RenderableTag {
  file: unknown;
  withVar: unknown;
  hash: { hash: Record<string, unknown> };
  currentFile?: string;
  liquid: Liquid & { _parsePartialFile(file: string, sync?: boolean, currentFile?: string): Generator<unknown, Template[], unknown> };
  render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown>;
}
type TagClass = Parameters<Liquid['registerTag']>[1];

const UNSAFE_TAG = /\{%-?\s*(increment|decrement|cycle|tablerow|render|layout|block|liquid)\b/;
const UNSAFE_SOURCE = /offset\s*:\s*continue|\|\s*date\b/;
/** Entries kept per include file, and the hit rate below which an include stops being memoised. */
const MAX_ENTRIES = 2_000;
const PROBE_LOOKUPS = 200;
const MIN_HIT_RATE = 0.3;

const recorders = new WeakMap<Context, Recorder[]>();
const engines = new WeakMap<Liquid, Map<string, FileMemo>>();
const safeSources = new WeakMap<Template[], boolean>();
const keys = new WeakMap<object, string | null>();
/** LiquidJS's Context members this module works with (private in its typings). */
interface Internals {
  scopes: Row[];
  registers: Row;
  environments: Row;
  globals: Row;
  sync: boolean;
  breakCalled: boolean;
  continueCalled: boolean;
  findScope?: (name: string) => Row;
  bottom(): Row;
}
const inner = (ctx: Context) => ctx as unknown as Internals;
const baseFindScope = (Context.prototype as unknown as { findScope: (this: Context, name: string) => Row }).findScope;

/** A canonical text of plain data (null when the value is not plain data: not memoisable). */
function keyOf(v: unknown): string | null {
  if (v === undefined) return 'u';
  if (v === null) return 'z';
  switch (typeof v) {
    case 'string':
      return `s${v.length}:${v}`;
    case 'number':
      return `n${v}`;
    case 'boolean':
      return v ? 't' : 'f';
    case 'object':
      break;
    default:
      return null;
  }
  const obj = v as object;
  const cached = keys.get(obj);
  if (cached !== undefined) return cached;
  let out: string | null;
  if (Array.isArray(obj)) {
    const parts: string[] = [];
    out = '[';
    for (const item of obj) {
      const k = keyOf(item);
      if (k === null) {
        out = null;
        break;
      }
      parts.push(k);
    }
    if (out !== null) out = `[${parts.join(',')}]`;
  } else if (Object.getPrototypeOf(obj) === Object.prototype || Object.getPrototypeOf(obj) === null) {
    const parts: string[] = [];
    out = '{';
    for (const [name, value] of Object.entries(obj)) {
      const k = keyOf(value);
      if (k === null) {
        out = null;
        break;
      }
      parts.push(`${JSON.stringify(name)}:${k}`);
    }
    if (out !== null) out = `{${parts.join(',')}}`;
  } else {
    out = null;
  }
  keys.set(obj, out);
  return out;
}

/** The value a variable has for LiquidJS now (the scope `findScope` picks). */
function valueOf(ctx: Context, name: string): unknown {
  return baseFindScope.call(ctx, name)[name];
}

function keyFor(ctx: Context, deps: string[]): string | null {
  const parts: string[] = [];
  for (const d of deps) {
    const k = keyOf(valueOf(ctx, d));
    if (k === null) return null;
    parts.push(k);
  }
  return parts.join('\u0000');
}

function safeSource(templates: Template[]): boolean {
  let safe = safeSources.get(templates);
  if (safe === undefined) {
    const source = templates.map((t) => (t as unknown as { token?: { input?: string } }).token?.input ?? '').join('\n');
    safe = !UNSAFE_TAG.test(source) && !UNSAFE_SOURCE.test(source);
    safeSources.set(templates, safe);
  }
  return safe;
}

/** Records the variables read while `recs` are active (nested includes record into every active one). */
function startRecording(ctx: Context, rec: Recorder): void {
  const stack = recorders.get(ctx) ?? [];
  recorders.set(ctx, [...stack, rec]);
  if (!stack.length) {
    inner(ctx).findScope = (name: string) => {
      for (const r of recorders.get(ctx) ?? []) r.reads.add(name);
      return baseFindScope.call(ctx, name);
    };
  }
}

function stopRecording(ctx: Context): void {
  const stack = (recorders.get(ctx) ?? []).slice(0, -1);
  recorders.set(ctx, stack);
  if (!stack.length) delete inner(ctx).findScope;
}

/** Tells the recorders of outer includes what an inner one read (a hit), or that it cannot be memoised. */
function propagate(ctx: Context, deps: string[] | null): void {
  for (const r of recorders.get(ctx) ?? []) {
    if (deps) for (const d of deps) r.reads.add(d);
    else r.tainted = true;
  }
}

/** What the include changed (a name it created as undefined, or put back as it was, is no change). */
function diff(before: Row, after: Row): Row {
  const out: Row = {};
  for (const k of Object.keys(after)) if (before[k] !== after[k]) out[k] = after[k];
  return out;
}

/** Replaces the engine's `include` tag with the memoised one (one memo per engine, that is per run). */
export function memoiseIncludes(engine: Liquid): void {
  const Base = engine.tags.include as unknown as new (...args: never[]) => RenderableTag;
  const fileMemos = new Map<string, FileMemo>();
  engines.set(engine, fileMemos);
  class MemoIncludeTag extends Base {
    override *render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown> {
      const c = inner(ctx);
      const plain = () => super.render(ctx, emitter);
      const file = this.file;
      const simple = typeof file === 'string' && !this.withVar && Object.keys(this.hash.hash).length === 0;
      const buffered = (emitter as { buffer?: unknown }).buffer !== undefined && emitter.constructor.name === 'SimpleEmitter';
      if (!simple || !buffered || !c.sync) {
        propagate(ctx, null);
        return yield plain();
      }
      let memo = fileMemos.get(file);
      if (!memo) {
        const templates = (yield this.liquid._parsePartialFile(file, true, this.currentFile)) as Template[];
        fileMemos.set(file, (memo = { groups: [], lookups: 0, hits: 0, stored: 0, off: !safeSource(templates) }));
      }
      if (memo.off) {
        propagate(ctx, null);
        return yield plain();
      }
      memo.lookups++;
      for (const g of memo.groups) {
        const key = keyFor(ctx, g.deps);
        const hit = key === null ? undefined : g.entries.get(key);
        if (hit) {
          memo.hits++;
          emitter.write(hit.html);
          Object.assign(c.bottom(), hit.assigned);
          Object.assign(c.registers, hit.registers);
          propagate(ctx, g.deps);
          return;
        }
      }
      if (memo.lookups >= PROBE_LOOKUPS && memo.hits < memo.lookups * MIN_HIT_RATE) {
        memo.off = true;
        memo.groups = [];
      }
      // Values at the start (the include may assign a variable before it reads it).
      const bottomBefore: Row = { ...c.bottom() };
      const registersBefore: Row = { ...c.registers };
      const rec: Recorder = { reads: new Set(), tainted: memo.off };
      const buffer = new (emitter.constructor as new () => Emitter & { buffer: string })();
      startRecording(ctx, rec);
      try {
        yield super.render(ctx, buffer);
      } finally {
        stopRecording(ctx);
      }
      emitter.write(buffer.buffer);
      const deps = [...rec.reads].sort();
      propagate(ctx, rec.tainted ? null : deps);
      if (rec.tainted || memo.off || c.breakCalled || c.continueCalled) return;
      // Start values: scopes above the bottom are unchanged by the include; the bottom as it was.
      const parts: string[] = [];
      for (const d of deps) {
        let v: unknown;
        let found = false;
        for (let i = c.scopes.length - 1; i >= 1; i--) {
          const scope = c.scopes[i] as Row;
          if (d in scope) {
            v = scope[d];
            found = true;
            break;
          }
        }
        if (!found) v = d in bottomBefore ? bottomBefore[d] : d in c.environments ? c.environments[d] : c.globals[d];
        const k = keyOf(v);
        if (k === null) return;
        parts.push(k);
      }
      // A full memo starts again (an engine lives on across runs while its skin is unchanged: skinStamp.ts).
      if (memo.stored >= MAX_ENTRIES) {
        memo.groups = [];
        memo.stored = 0;
      }
      let group = memo.groups.find((g) => g.deps.length === deps.length && g.deps.every((d, i) => d === deps[i]));
      if (!group) memo.groups.push((group = { deps, entries: new Map() }));
      group.entries.set(parts.join('\u0000'), { html: buffer.buffer, assigned: diff(bottomBefore, c.bottom()), registers: diff(registersBefore, c.registers) });
      memo.stored++;
    }
  }
  engine.registerTag('include', MemoIncludeTag as unknown as TagClass);
}

/** Lookups and hits per include file of an engine (tests, diagnostics); `off` = rendered in full every time. */
export function includeMemoStats(engine: Liquid): Record<string, { lookups: number; hits: number; off: boolean }> {
  const out: Record<string, { lookups: number; hits: number; off: boolean }> = {};
  for (const [file, m] of engines.get(engine) ?? []) out[file] = { lookups: m.lookups, hits: m.hits, off: m.off };
  return out;
}

/** Whether the include memo serves (or has yet to try) `file` for this engine: false once it turned it off, or without a memo. */
export function includeMemoActive(engine: Liquid, file: string): boolean {
  const memos = engines.get(engine);
  if (!memos) return false;
  const memo = memos.get(file);
  return !memo || !memo.off;
}

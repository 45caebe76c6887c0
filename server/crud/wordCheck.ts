import type { FastifyInstance } from 'fastify';
import type { WordCheckDecl } from '../../resources/shape/wordCheck.js';
import type { ResourceDecl } from '../../resources/types.js';
import { keptPerCounter } from '../db/keptPerCounter.js';
import { dynamic, type Db, type DynamicDb, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { firstId } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';
import { plainText } from '../shared/text.js';
import { applyWhere } from './behaviour.js';
import { searchOf } from './reads/records.js';

/** A declared word check (resources/shape/wordCheck.ts; docs/extending.md "Session 27: 文章's public reads"). */

export interface WordHit {
  readonly wordId: number;
  readonly word: string;
  readonly level: number;
  readonly levelName: string;
  readonly field: string;
  readonly context: string;
  readonly count: number;
  readonly [also: string]: unknown;
}

/** Where `word` occurs in `text`: the first occurrence in context, and how often. */
function found(text: string, word: string, context: number): { context: string; count: number } | null {
  const at = text.indexOf(word);
  if (at < 0) return null;
  let count = 0;
  for (let i = at; i >= 0; i = text.indexOf(word, i + word.length)) count++;
  const before = text.slice(Math.max(0, at - context), at);
  const after = text.slice(at + word.length, at + word.length + context);
  return { context: `${at > context ? '…' : ''}${before}【${word}】${after}${at + word.length + context < text.length ? '…' : ''}`, count };
}

/** The columns of the words table a check reads (the words counter's update trigger watches these: server/auth/saveCounters.ts). */
export const wordColumnsRead = (words: ResourceDecl, check: WordCheckDecl): string[] => [...new Set([words.idField, check.words.field, check.words.level, ...(check.words.also ?? []), ...Object.keys(check.words.where ?? {})])];

/** The counted words of each check, kept per words counter (session 32: one read of the table per save otherwise). */
const keptWords = new WeakMap<WordCheckDecl, (db: Db) => Promise<Row[]>>();

function countedWords(db: DynamicDb, words: ResourceDecl, check: WordCheckDecl): Promise<Row[]> {
  let read = keptWords.get(check);
  if (!read) {
    const { field, level, also = [] } = check.words;
    const load = async (d: Db) => (await applyWhere(dynamic(d).selectFrom(words.table), check.words.where).select([words.idField, field, level, ...also]).execute()) as Row[];
    keptWords.set(check, (read = keptPerCounter('words', load, { tables: [words.table] })));
  }
  return read(db as Db);
}

/** Every counted word found in the record's checked fields, with its context, by level then word. */
export async function checkWords(db: DynamicDb, words: ResourceDecl, check: WordCheckDecl, record: Row): Promise<WordHit[]> {
  const { field, level, also = [] } = check.words;
  const rows = await countedWords(db, words, check);
  const levels = words.fields.find((f) => f.name === level)?.options ?? [];
  const texts = check.fields.map((f) => {
    const v = record[f.name];
    return [f.label, typeof v !== 'string' ? '' : f.html ? plainText(v) : v] as const;
  });
  const hits: WordHit[] = [];
  for (const w of rows) {
    const word = String(w[field] ?? '').trim();
    if (!word) continue;
    for (const [label, text] of texts) {
      const hit = found(text, word, check.context);
      if (!hit) continue;
      const n = w[level] as number;
      const values = Object.fromEntries(also.map((a) => [a, w[a] ?? null]));
      hits.push({ wordId: w[words.idField] as number, word, level: n, levelName: levels.find((o) => o.value === n)?.label ?? '', ...values, field: label, ...hit });
    }
  }
  return hits.sort((a, b) => a.level - b.level || a.word.localeCompare(b.word));
}

/** The declaration's word-check call: what is typed, or the stored record the caller reaches. */
export function registerWordCheck(app: FastifyInstance, decl: ResourceDecl): void {
  const check = decl.wordCheck;
  // An `api.alsoAt` copy carries no extra calls: it does not register the check again.
  if (!check || !decl.api.extra) return;
  const call = decl.api.extra?.[check.call];
  if (!call) throw new Error(`resources/${decl.name}.ts: wordCheck 的调用 ${check.call} 未声明`);
  const either = Object.fromEntries([...check.fields.map((f) => [f.name, ['string', f.label]]), [check.record.param, ['integer', `${decl.label}ID（不给出${check.record.unless.join('、')}时检测该记录）`]]]);
  app.post(call.path, { config: { permission: decl.permissions.list }, schema: { ...describeInput({ either }), summary: `${decl.label}：${call.label}` }, attachValidation: true }, async (request) => {
    let record: Row = searchOf(request);
    if (check.record.unless.every((n) => record[n] === undefined) && record[check.record.param] !== undefined) {
      const id = firstId({}, record, [check.record.param]);
      const stored = await app.entities.api(currentUser(request)).findById(decl.name, id);
      if (!stored) throw notFoundRecord();
      record = stored;
    }
    // The words' declaration as this start loaded it (a start without it checks against no words).
    const words = app.portal.declarations.find((d) => d.name === check.words.entity);
    const hits = words ? await checkWords(dynamic(app.db), words, check, record) : [];
    const flags = Object.fromEntries(Object.entries(check.flags).map(([name, lv]) => [name, hits.some((h) => h.level === lv)]));
    return ok({ hits, ...flags }, hits.length ? check.messages.found.replace('{count}', String(hits.length)) : check.messages.none);
  });
}

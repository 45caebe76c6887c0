import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import { readResponse } from '../../../server/crud/responses/check';
import { answerTo, readQuestions, responsesOf } from '../../../server/crud/responses/questions';
import { resultsAnswer, tallyResponses } from '../../../server/crud/responses/results';
import { responsesExportId, withResponsesParams } from '../../../server/crud/responses/sheets';
import { storeResponse } from '../../../server/crud/responses/store';
import type { Db, Row } from '../../../server/db/types';

// Session 27 (issue 19): `responses` (server/crud/responses/) over a declaration that is not 问卷: a 评议 whose
// 评议项 (kind 1 one 档次, 2 several, 3 free text) hold 档次, its ballots in vote_ballot, each pick in vote_pick.
const KINDS = { 1: '单档', 2: '多档', 3: '意见' };
const vote = {
  name: 'vote', table: 'vote', label: '民主评议', idField: 'id', titleField: 'name',
  api: { list: { path: '/vote/list' }, get: { path: '/vote/get' }, extra: { tally: { path: '/vote/tally', label: '评议结果' } } },
  fields: [{ name: 'id', label: 'ID', type: 'number' }, { name: 'name', label: '评议名称', type: 'text' }, { name: 'ballots', label: '票数', type: 'number' }],
  list: { columns: ['name'] },
  children: [{
    name: 'items', label: '评议项', table: 'vote_item', key: 'voteId', orderBy: ['pos'], labelOf: { field: 'kind', as: 'kindName', options: KINDS },
    children: [{ name: 'marks', label: '档次', table: 'vote_mark', key: 'itemId', orderBy: ['pos'] }],
  }],
  responses: {
    questions: 'items', choices: 'marks', noun: '评议', questionTitle: 'text', choiceLabel: 'word',
    type: { field: 'kind', single: 1, text: 3 }, required: 'must', textMax: 10,
    records: { table: 'vote_ballot', key: 'voteId', count: 'ballots', time: 'at', hidden: ['secret'] },
    answers: { table: 'vote_pick', record: 'ballotId', key: 'voteId', question: 'itemId', choice: 'markId', text: 'words' },
    as: { ids: 'markIds', labels: 'markWords' },
    calls: { results: { call: 'tally', permission: 'vote:tally', question: ['id', 'text', 'kindName'], choice: ['id', 'word'] } },
  },
} as unknown as ResourceDecl;
const of = responsesOf(vote);

let db: Db;
let items: Row[];
beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
  const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const table = async (name: string, columns: string[]) => {
    let t = raw.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    for (const c of columns) t = t.addColumn(c, c === 'text' || c === 'word' || c === 'words' || c === 'name' || c === 'at' || c === 'secret' ? 'text' : 'integer');
    await t.execute();
  };
  await table('vote', ['name', 'ballots']);
  await table('vote_item', ['voteId', 'text', 'kind', 'must', 'pos']);
  await table('vote_mark', ['itemId', 'word', 'pos']);
  await table('vote_ballot', ['voteId', 'at', 'secret']);
  await table('vote_pick', ['ballotId', 'voteId', 'itemId', 'markId', 'words']);
  await raw.insertInto('vote').values({ name: '窗口服务评议', ballots: 0 }).execute();
  await raw.insertInto('vote_item').values([
    { voteId: 1, text: '服务态度', kind: 1, must: 1, pos: 1 },
    { voteId: 1, text: '改进方面', kind: 2, must: 0, pos: 2 },
    { voteId: 1, text: '其他意见', kind: 3, must: 0, pos: 3 },
  ]).execute();
  await raw.insertInto('vote_mark').values([
    { itemId: 1, word: '好', pos: 1 }, { itemId: 1, word: '差', pos: 2 },
    { itemId: 2, word: '效率', pos: 1 }, { itemId: 2, word: '环境', pos: 2 },
  ]).execute();
  items = await readQuestions(db, of, 1);
});
afterEach(async () => db.destroy());

const refusal = (answers: unknown) => {
  try {
    readResponse(of, items, answers);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('responses: the answer check', () => {
  it('refuses in the words of the declaration: its noun, the collections\' labels and the types\' labels', () => {
    expect(refusal([{ itemId: 99, markIds: [1] }])).toBe('答案中的评议项不属于该评议');
    expect(refusal([{ itemId: 1, markIds: [1] }, { itemId: 1, markIds: [1] }])).toBe('评议项「服务态度」重复作答');
    expect(refusal([{ itemId: 1, markIds: [3] }])).toBe('评议项「服务态度」的档次无效');
    expect(refusal([{ itemId: 1, markIds: [1, 2] }])).toBe('评议项「服务态度」是单档题，只能选一项');
    expect(refusal([{ itemId: 1, markId: 1 }, { itemId: 3, markIds: [1] }])).toBe('评议项「其他意见」是意见题');
    expect(refusal([{ itemId: 2, markIds: [3] }])).toBe('请回答必答题「服务态度」');
    expect(refusal([{ itemId: 1, markId: 1 }, { itemId: 3, words: '这是一段超过十个字的很长的意见' }])).toContain('「其他意见」的回答长度不能超过10个字符');
    expect(refusal([{ itemId: 1, markIds: 'x' }])).toBe('markIds格式不正确');
  });

  it('accepts one choice by `choice`, several by `ids` (each once), a text by its column or `text`, HTML stripped', () => {
    const given = readResponse(of, items, [{ itemId: 1, markId: '2' }, { itemId: 2, markIds: [3, 3, 4] }, { itemId: 3, words: '<b>快</b>' }]);
    expect([...given.entries()]).toEqual([[1, { ids: [2], text: '' }], [2, { ids: [3, 4], text: '' }], [3, { ids: [], text: '快' }]]);
  });
});

describe('responses: store, results, one response', () => {
  it('stores ballots with their picks, counts them on the record and tallies per item and mark', async () => {
    const ballots = [
      [{ itemId: 1, markIds: [1] }, { itemId: 2, markIds: [3, 4] }, { itemId: 3, text: '很好' }],
      [{ itemId: 1, markIds: [1] }, { itemId: 2, markIds: [4] }],
      [{ itemId: 1, markIds: [2] }],
    ];
    const ids: number[] = [];
    for (const [i, answers] of ballots.entries()) ids.push(await storeResponse(db, of, { voteId: 1, at: `2026-11-0${i + 1} 10:00:00`, secret: 's' }, readResponse(of, items, answers)));
    const record = (await db.selectFrom('vote' as never).selectAll().executeTakeFirstOrThrow()) as Row;
    expect(record.ballots).toBe(3);
    const res = await tallyResponses(db, of, record, { question: ['id', 'text'], choice: ['word'] });
    expect(res.count).toBe(3);
    expect(res.questions.map((q) => [q.text, q.answered, q.textCount, q.choices.map((c) => [c.word, c.count, c.percent])])).toEqual([
      ['服务态度', 3, 0, [['好', 2, 66.67], ['差', 1, 33.33]]],
      ['改进方面', 2, 0, [['效率', 1, 50], ['环境', 2, 100]]],
      ['其他意见', 1, 1, []],
    ]);
    // The results call's answer: under the entity's name, the count field's and the collections' names.
    const answered = resultsAnswer(of, res);
    expect(Object.keys(answered)).toEqual(['vote', 'ballots', 'items']);
    expect(Object.keys((answered.items as Row[])[0]!)).toEqual(['id', 'text', 'answered', 'textCount', 'marks']);
    const picks = (await db.selectFrom('vote_pick' as never).selectAll().where('ballotId' as never, '=', ids[0] as never).execute()) as Row[];
    expect(answerTo(of, items[1]!, picks)).toEqual({ markIds: [3, 4], markWords: ['效率', '环境'], text: null });
    expect(answerTo(of, items[2]!, picks)).toEqual({ markIds: [], markWords: [], text: '很好' });
  });
});

describe('responses: the export', () => {
  const spec = { params: ['voteId', 'id'], fileName: '评议结果_{name}', results: { sheet: '结果', no: '序号', count: '票数', percent: '比例' }, records: { sheet: '选票', columns: [{ field: 'id', header: '编号' }] } };
  it('is the record\'s when one of its params is given (the first present counts; blank is the list)', () => {
    expect(responsesExportId(spec, { voteId: 3, id: 4 })).toEqual({ param: 'voteId', value: 3 });
    expect(responsesExportId(spec, { id: 4 })).toEqual({ param: 'id', value: 4 });
    expect(responsesExportId(spec, { voteId: '', id: 4 })).toBeUndefined();
    expect(responsesExportId(spec, { name: '窗口' })).toBeUndefined();
  });
  it('describes its params in the request schema', () => {
    const schema = withResponsesParams({ type: 'object', properties: { name: { title: '评议名称' } } }, vote, spec);
    const props = schema.properties as Record<string, { description?: string }>;
    expect(Object.keys(props)).toEqual(['name', 'voteId', 'id']);
    expect(props.id!.description).toBe('评议ID（同 voteId）');
  });
});

import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import type { DynamicDb } from '../../../server/db/types';
import { answerHooks, withAnswers } from '../../../server/crud/answers';

// Declared answers (resources/shape/answers.ts): a team (reference), its tags (a link) and its members (a count).
let db: DynamicDb;
const team = { name: 'team', table: 'team', idField: 'id', titleField: 'title', fields: [] } as unknown as ResourceDecl;
const tag = { name: 'tag', table: 'tag', idField: 'id', titleField: 'label', fields: [] } as unknown as ResourceDecl;
const person = {
  name: 'person', table: 'person', idField: 'id', titleField: 'name',
  fields: [{ name: 'teamId', label: '队', type: 'reference', reference: 'team' }],
  links: [{ name: 'tagIds', label: '标签', table: 'person_tag', from: 'personId', to: 'tagId', entity: 'tag', missing: '标签不存在', where: { kind: 'a' } }],
  answers: [
    { name: 'teamName', title: 'teamId' },
    { name: 'tagIds', link: 'tagIds' },
    { name: 'tagNames', link: 'tagIds', value: 'titles' },
    { name: 'tagName', link: 'tagIds', value: 'joined' },
    { name: 'tagId', link: 'tagIds', value: 'first' },
    { name: 'friends', count: { table: 'friend', key: 'personId' }, at: 'get' },
  ],
} as unknown as ResourceDecl;
const declOf = (name: string) => [team, tag, person].find((d) => d.name === name);

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  for (const [table, cols] of [['team', ['title']], ['tag', ['label']], ['person_tag', ['personId', 'tagId', 'kind']], ['friend', ['personId']]] as const) {
    let t = db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    for (const c of cols) t = t.addColumn(c, c === 'kind' || c === 'title' || c === 'label' ? 'text' : 'integer');
    await t.execute();
  }
  await db.insertInto('team').values([{ title: '甲队' }, { title: '乙队' }]).execute();
  await db.insertInto('tag').values([{ label: '红' }, { label: '蓝' }, { label: '绿' }]).execute();
  await db.insertInto('person_tag').values([{ personId: 1, tagId: 3, kind: 'a' }, { personId: 1, tagId: 1, kind: 'a' }, { personId: 1, tagId: 2, kind: 'b' }]).execute();
  await db.insertInto('friend').values([{ personId: 1 }, { personId: 1 }, { personId: 2 }]).execute();
});
afterEach(async () => db.destroy());

describe('declared answers (server/crud/answers.ts)', () => {
  it('answers a reference\'s title, a link\'s ids, titles, joined titles and first id for a page', async () => {
    const rows = await withAnswers(db, person, declOf, person.answers!.filter((a) => !a.at), [{ id: 1, teamId: 2 }, { id: 2, teamId: null }, { id: 3, teamId: 9 }]);
    expect(rows[0]).toEqual({ id: 1, teamId: 2, teamName: '乙队', tagIds: [1, 3], tagNames: ['红', '绿'], tagName: '红、绿', tagId: 1 });
    expect(rows[1]).toMatchObject({ teamName: null, tagIds: [], tagNames: [], tagName: '', tagId: null });
    expect(rows[2]!.teamName).toBeNull(); // a reference to a record that is gone
  });

  it('answers `at: get` ones on the get alone (afterGet), the others with every answer (enrich)', async () => {
    const hooks = answerHooks(person, declOf);
    const ctx = { trx: db } as never;
    const [listed] = await hooks.enrich![0]!({ records: [{ id: 1, teamId: 1 }], ctx });
    expect(listed).not.toHaveProperty('friends');
    expect(await hooks.afterGet![0]!({ record: { id: 1 }, ctx })).toEqual({ id: 1, friends: 2 });
    expect(await hooks.afterGet![0]!({ record: { id: 4 }, ctx })).toEqual({ id: 4, friends: 0 });
  });
});

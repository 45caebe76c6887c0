import { describe, expect, it } from 'vitest';
import type { ChildDecl } from '../../../resources/relations/children';
import survey from '../../../resources/survey';
import { checkChildRows } from '../../../server/crud/childForm';

// A child collection sent with its record (ChildDecl `form`): the generic save's check of the rows,
// with 问卷调查's questions → options as the example (tests/api/survey.test.ts runs the save over HTTP).
const questions = survey.children![0]! as ChildDecl;
const refusal = (raw: unknown) => {
  try {
    checkChildRows(questions, raw);
  } catch (e) {
    const err = e as { code: number; message: string };
    return [err.code, err.message];
  }
  return null;
};

describe('checkChildRows (server/crud/childForm.ts)', () => {
  it('answers the rows with defaults, the order as the position, options given as bare values, none under a text question', () => {
    const rows = checkChildRows(questions, [
      { title: ' 满意吗？<b>!</b> ', options: ['满意', { content: '不满意', sort: 9 }], extra: 'dropped' },
      { title: '建议', type: '2', required: 0, options: ['ignored'] },
    ]);
    expect(rows).toEqual([
      { title: '满意吗？!', type: 0, required: 1, sort: 1, options: [{ content: '满意', sort: 1 }, { content: '不满意', sort: 9 }] },
      { title: '建议', type: 2, required: 0, sort: 2, options: [] },
    ]);
  });

  it('refuses with the declared messages, naming the row', () => {
    expect(refusal([])).toEqual([1002, '问卷至少需要一道题目']);
    expect(refusal('x')).toEqual([1002, '题目格式不正确']);
    expect(refusal(Array.from({ length: 101 }, () => ({ title: 't', type: 2 })))).toEqual([1002, '题目不能超过100道']);
    expect(refusal([{ title: 'q', options: ['唯一'] }])).toEqual([1002, '第1题（选择题）至少需要两个选项']);
    expect(refusal([{ title: 'q', type: 2 }, { title: 'q', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }])).toEqual([1002, '第2题选项不能超过50个']);
    expect(refusal([{ title: 'q', options: ['a', ''] }])).toEqual([1001, '缺少必填参数：第1题第2个选项']);
    expect(refusal([{ title: '', type: 2 }])).toEqual([1001, '缺少必填参数：第1题题目']);
    expect(refusal([{ title: 'q', type: 7 }])).toEqual([1002, '第1题题型的值无效，可选值：0（单选）、1（多选）、2（文本）']);
    expect(refusal([{ title: 'x'.repeat(501), type: 2 }])).toEqual([1002, '第1题题目长度不能超过500个字符']);
  });
});

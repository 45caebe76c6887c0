import { expect, test } from 'vitest';
import { logTypeOf } from '../../../server/audit/classify';
test('the operation log records changes and logins, not reads', () => {
  const cases: [string, string, string | null][] = [
    ['POST','/notice/set/list',null],['POST','/data/dict/save/node','operation'],['POST','/data/dict/list/subEsType',null],
    ['POST','/ding/user/grant/role','operation'],['POST','/ding/user/del/role','operation'],['POST','/role/data/user/list',null],
    ['POST','/role/user/not/list',null],['POST','/user/info',null],['POST','/menu/list',null],['POST','/ding/user/articleNum',null],
    ['POST','/sensitive/typeList',null],['POST','/announcement/getTop',null],['POST','/systemLogList',null],['POST','/passwordType/reset','operation'],
    ['POST','/passwordRule/saveOrUpdate','operation'],['POST','/ding/user/resetPwd','operation'],['POST','/ding/user/pwd','operation'],
    ['POST','/data/dict/edit','operation'],['POST','/data/dict/del','operation'],['POST','/data/dict/view',null],['POST','/data/dict/all/kv',null],
    ['POST','/passwordRule/pageList',null],['DELETE','/ding/user/5','operation'],['POST','/user/loginNoCode','login'],['POST','/sensitive/top',null],
    ['POST','/announcement/add','operation'],['POST','/announcement/dels','operation'],['POST','/log/systemLogSave',null],['POST','/notice/read','operation'],
    ['POST','/ding/user/grant/role/data','operation'],['POST','/role/res/list',null],['POST','/log/purge','operation'],['GET','/data/dict/view/group',null],
  ];
  for (const [m,p,t] of cases) expect([p, logTypeOf(m,p)]).toEqual([p, t]);
});

test('scrubbing masks passwords, tokens and codes and cuts long text', async () => {
  const { scrubParams } = await import('../../../server/audit/classify');
  const text = scrubParams({ token: 'abc', id: '5' }, { oldPassword: 'Old@1234', newPassword: 'New@1234', content: 'x'.repeat(500), nested: { verifyCode: '1234' } }) ?? '';
  expect(text).not.toContain('Old@1234');
  expect(text).not.toContain('New@1234');
  expect(text).not.toContain('abc');
  expect(text).not.toContain('1234"');
  expect(text).toContain('"id":"5"');
  expect(text.length).toBeLessThan(600);
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import hotWord from '../../../resources/hotWord';
import report from '../../../resources/report';
import type { ResourceDecl } from '../../../resources/types';
import { registerCrudRoutes } from '../../../server/crud/routes';
import { ajvOptions } from '../../../server/crud/schema/ajv';

// `servedBy: 'module'` on a declaration's list, get or delete call: the generic routes leave that path to
// another route (a module's, or another declaration's generic one) and still serve the rest.
// A copy of a real declaration (热词), its paths renamed, with or without servedBy on the three calls.
const decl = (served: boolean): ResourceDecl => {
  const by = served ? { servedBy: 'module' as const } : {};
  const { api } = hotWord;
  return {
    ...hotWord,
    actions: [],
    api: {
      list: { ...api.list, path: '/probe/list', ...by },
      get: { ...api.get, path: '/probe/get', method: 'GET', ...by },
      create: { path: '/probe/add' },
      update: { path: '/probe/edit' },
      delete: { ...api.delete!, path: '/probe/del', ...by },
    },
  };
};

async function routesOf(d: ResourceDecl) {
  const app = Fastify({ ajv: ajvOptions });
  registerCrudRoutes(app, d);
  await app.ready();
  const has = (method: 'GET' | 'POST', url: string) => app.hasRoute({ method, url });
  const out = { list: has('POST', '/probe/list'), get: has('GET', '/probe/get'), add: has('POST', '/probe/add'), edit: has('POST', '/probe/edit'), del: has('POST', '/probe/del') };
  await app.close();
  return out;
}

describe('servedBy on the generic calls', () => {
  it('registers every call without it', async () => {
    expect(await routesOf(decl(false))).toEqual({ list: true, get: true, add: true, edit: true, del: true });
  });
  it('leaves the list, get and delete that say servedBy to their own routes, and keeps the saves', async () => {
    expect(await routesOf(decl(true))).toEqual({ list: false, get: false, add: true, edit: true, del: false });
  });
  it('报送: on the generic routes, its audit a declared action the server runs, its three calls the marked articles\' (session 27)', () => {
    expect((report as ResourceDecl).routes).toBeUndefined();
    const { api } = report as ResourceDecl;
    expect([api.list.servedBy, api.get.servedBy, api.delete?.servedBy]).toEqual([undefined, undefined, undefined]);
    expect(report.marks.entity).toBe('article');
    expect(report.actions?.find((a) => a.name === 'audit')?.run).toBe(true);
  });
});

import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createListCache } from '../../../server/crud/listCache';

// api.list.cachedBy (issue 19, session 24): the generic list's pages kept while the named counter stays.
const request = (articleLists: number, userId = 1) =>
  ({ portalUser: { userId, appKey: 'admin' }, cacheVersions: { permissions: 1, sessions: 1, articleLists } }) as unknown as FastifyRequest;

describe('the generic list cache', () => {
  it('answers a repeated search from memory until the counter moves, per user and search', async () => {
    const cached = createListCache<number>('articleLists');
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached(request(5), { pageNum: 1 }, load)).toBe(1);
    expect(await cached(request(5), { pageNum: 1 }, load)).toBe(1);
    expect(await cached(request(5), { pageNum: 2 }, load)).toBe(2);
    expect(await cached(request(5, 2), { pageNum: 1 }, load)).toBe(3);
    // A write moved the counter: the next call loads again.
    expect(await cached(request(6), { pageNum: 1 }, load)).toBe(4);
    expect(loads).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { pageRenderLimit } from '../../../server/modules/generation/pageRenderLimit';

// The page render limit with a fake CPU clock and explicit times (ms): what stops a page is the CPU its
// thread uses past the limit, never the wall time alone (below the backstop of six times the limit).
describe('a page render limit', () => {
  const at = (cpu: { ms: number | undefined }) => pageRenderLimit(3_000, () => cpu.ms, 0);
  const stopped = (limit: { check(now: number): void }, now: number) => {
    try {
      limit.check(now);
      return false;
    } catch (e) {
      expect((e as Error).message).toBe('template render limit exceeded');
      return true;
    }
  };

  it('lets an honest page on a busy machine run past the limit in wall time', () => {
    const cpu = { ms: 500 };
    const limit = at(cpu);
    expect(stopped(limit, 2_999)).toBe(false);
    expect(stopped(limit, 3_500)).toBe(false); // first look: the CPU then is noted
    cpu.ms = 800; // a slow page sharing the machine: 300 ms of CPU in 6 s
    for (const now of [4_000, 6_000, 9_000, 17_900]) expect(stopped(limit, now)).toBe(false);
  });

  it('stops a page that keeps using the CPU past the limit, once a third of the limit more is used', () => {
    const cpu = { ms: 2_900 };
    const limit = at(cpu);
    expect(stopped(limit, 3_001)).toBe(false);
    cpu.ms = 3_899;
    expect(stopped(limit, 4_000)).toBe(false);
    cpu.ms = 3_900;
    expect(stopped(limit, 4_050)).toBe(false); // looks at most every 100 ms
    expect(stopped(limit, 4_101)).toBe(true);
  });

  it('stops a page stuck past six times the limit, and counts the wall time where the CPU is unknown', () => {
    expect(stopped(at({ ms: 0 }), 18_001)).toBe(true);
    const unknown = at({ ms: undefined });
    expect(stopped(unknown, 3_000)).toBe(false);
    expect(stopped(unknown, 3_001)).toBe(true);
  });
});

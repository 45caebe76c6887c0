import { describe, expect, it } from 'vitest';
import { readPoolSize } from '../../../server/db/connect.js';

describe("PostgreSQL readers' pool size", () => {
  it('follows PG_READ_POOL when it is a whole number ≥ 1 (at most 100)', () => {
    expect(readPoolSize('1')).toBe(1);
    expect(readPoolSize('12', 2)).toBe(12);
    expect(readPoolSize('1000')).toBe(100);
  });

  it('else the cores, at least 2 and at most 10 (session 33: 2 readers on two cores, not 4)', () => {
    for (const [cores, size] of [[1, 2], [2, 2], [4, 4], [8, 8], [16, 10]] as const) {
      for (const bad of [undefined, '', '0', '-3', '2.5', 'many']) expect(readPoolSize(bad, cores), `${cores} cores, ${String(bad)}`).toBe(size);
    }
  });
});

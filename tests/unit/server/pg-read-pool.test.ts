import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readPoolSize } from '../../../server/db/connect.js';

describe("PostgreSQL readers' pool size", () => {
  it('follows PG_READ_POOL when it is a whole number ≥ 1, else twice the cores within 4–10', () => {
    expect(readPoolSize('1')).toBe(1);
    expect(readPoolSize('12')).toBe(12);
    expect(readPoolSize('1000')).toBe(100);
    const byCores = Math.min(10, Math.max(4, 2 * availableParallelism()));
    for (const bad of [undefined, '', '0', '-3', '2.5', 'many']) expect(readPoolSize(bad)).toBe(byCores);
  });
});

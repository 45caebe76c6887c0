import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Behaviour that runs on the server (server/entities/: hooks, access, action handlers) never ships to the
// browser: the shared declarations in resources/ carry plain data only. Reads the built bundle
// (`npm test` and `npm run test:browser` build it first with scripts/build-if-stale.mjs).
const assets = path.resolve(__dirname, '../../dist/assets');

/** Refusal texts that only server behaviour files hold. */
const SERVER_ONLY = ['该统计期的数据已存在', '统计期不能晚于当前月份'];

describe('the browser bundle', () => {
  it('holds no server-only behaviour (the economic areas’ figure rules live in server/entities/)', () => {
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const found = scripts.flatMap((f) => {
      const text = fs.readFileSync(path.join(assets, f), 'utf8');
      return SERVER_ONLY.filter((message) => text.includes(message)).map((message) => `${f}: ${message}`);
    });
    expect(found).toEqual([]);
  });
});

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { API_PATH_SOURCE } from '../../../scripts/apiPaths.mjs';
import { resources } from '../../../src/resources';

// Paths are declared once in resources/ and called through the data provider; the lint rule refuses an API
// path written by hand in src/. The rule knows API paths by their first segment (scripts/apiPaths.mjs), so
// every declared path must match it, or a hand-written copy of a new one would slip through.
const apiPath = new RegExp(API_PATH_SOURCE);

function declaredPaths(): string[] {
  const paths: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key === 'path' && typeof v === 'string' && v.startsWith('/')) paths.push(v);
        else visit(v);
      }
    }
  };
  for (const decl of resources) visit([decl.api, decl.actions ?? []]);
  const callSets = import.meta.glob<Record<string, unknown>>('../../../resources/calls/*.ts', { eager: true });
  for (const set of Object.values(callSets)) visit(set);
  return paths;
}

describe('API paths live in the declarations only', { timeout: 60_000 }, () => {
  it('every declared path is one the lint rule recognises', () => {
    const paths = declaredPaths();
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((p) => !apiPath.test(p))).toEqual([]);
  });

  it('the lint rule refuses a hand-written API path in src/, quoted or in a template, and lets app routes be', async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const code = "export const a = '/ding/user/list';\nexport const b = (id: number) => `/ding/user/${id}`;\nexport const c = '/main/system/user';\nexport const d = '/site/index.html';\n";
    const [result] = await eslint.lintText(code, { filePath: 'src/example.ts' });
    const lines = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
    expect(lines).toEqual([1, 2]);
  });
});

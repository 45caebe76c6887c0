import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import rules of docs/architecture.md, as the project's own lint configuration applies them. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('the parts meet only where the architecture allows', { timeout: 60_000 }, () => {
  it('declarations import no UI, no server library and none of the other parts', async () => {
    for (const spec of ['@mui/material', 'react', 'react-admin', 'fastify', 'kysely', '../src/pages', '../server/app', '../providers/http']) {
      expect(await restricted('resources/example.ts', `import '${spec}';\n`), spec).toBe(1);
    }
    expect(await restricted('resources/example.ts', `import './types';\n`)).toBe(0);
  });

  it('providers never import the apps, the server or MUI', async () => {
    for (const spec of ['../src/pages', '../server/app', '@mui/material']) {
      expect(await restricted('providers/example.ts', `import '${spec}';\n`), spec).toBe(1);
    }
    expect(await restricted('providers/example.ts', `import 'react-admin';\n`)).toBe(0);
  });

  it('the apps and the server never import each other', async () => {
    expect(await restricted('src/example.tsx', `import '../server/app';\n`)).toBe(1);
    expect(await restricted('server/example.ts', `import '../src/pages';\n`)).toBe(1);
    expect(await restricted('server/example.ts', `import '../providers/http';\n`)).toBe(1);
  });
});

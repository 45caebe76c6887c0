// The W3C Nu HTML checker (npm vnu-jar, run with Debian's Java: default-jre-headless) over every page the
// generator wrote: the error count and the first messages.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface NuResult {
  pages: number;
  errors: number;
  first: string[];
}

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) htmlFiles(p, out);
    else if (e.isFile() && e.name.endsWith('.html')) out.push(p);
  }
  return out;
}

export function nuCheck(siteDir: string): NuResult {
  const jar = createRequire(import.meta.url)('vnu-jar') as string;
  const files = htmlFiles(siteDir);
  const r = spawnSync('java', ['-Xss4m', '-jar', jar, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`java was not found (apt-get install default-jre-headless): ${r.error.message}`);
  const messages = (JSON.parse(r.stderr || '{"messages":[]}') as { messages: { type: string; url: string; message: string; lastLine?: number }[] }).messages.filter((m) => m.type === 'error');
  return {
    pages: files.length,
    errors: messages.length,
    first: messages.slice(0, 10).map((m) => `${m.url.replace(`file:${siteDir}/`, '')}:${m.lastLine ?? ''} ${m.message}`),
  };
}

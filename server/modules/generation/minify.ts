import fs from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';

/**
 * The skin's stylesheets and scripts minified on their way to the site (issue 24); staff keep editing the
 * readable files in 模板管理. A file esbuild cannot parse is published as it is (null): a typo in a skin
 * must not stop the site's generation, and the browser reports it as it would have anyway.
 */
export async function minifyAsset(file: string): Promise<string | null> {
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.css' && ext !== '.js') return null;
  const source = await fs.readFile(file, 'utf8');
  try {
    // Scripts are classic (not modules) and target the browsers the site supports.
    const out = await transform(source, { loader: ext === '.css' ? 'css' : 'js', minify: true, legalComments: 'none', target: ext === '.css' ? ['chrome90', 'safari13'] : 'es2017' });
    return out.code;
  } catch {
    return null;
  }
}

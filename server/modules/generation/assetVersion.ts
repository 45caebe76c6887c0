import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The fingerprint of the skin's stylesheets and scripts (issue 24): pages link them as
 * `css/style.css?v=<assetVersion>`, and the server sends a `?v=` asset with a year's immutable caching —
 * a changed skin gets a new fingerprint on the next run, so browsers never keep a stale copy.
 */
export async function skinAssetVersion(skinDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of ['css', 'js']) {
    const names = (await fs.readdir(path.join(skinDir, folder)).catch(() => [] as string[])).filter((n) => /\.(css|js)$/i.test(n)).sort();
    for (const name of names) {
      const file = path.join(skinDir, folder, name);
      const stat = await fs.lstat(file);
      if (!stat.isFile()) continue;
      hash.update(`${folder}/${name}\0`).update(await fs.readFile(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 10);
}

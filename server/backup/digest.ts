import { createHash } from 'node:crypto';

/** One table's line of a backup manifest: its rows and a hash of their content. */
export interface TableHash {
  name: string;
  rows: number;
  sha256: string;
}

/** One file's line of a backup manifest: path under the data directory (`uploads/…`), size, hash. */
export interface FileHash {
  path: string;
  size: number;
  sha256: string;
}

const replacer = (_key: string, v: unknown) => {
  if (typeof v === 'bigint') return v.toString();
  if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data)) {
    return `\\x${Buffer.from((v as { data: number[] }).data).toString('hex')}`;
  }
  return v;
};

/** A row (its values in column order) as a hash. */
export const rowDigest = (values: unknown[]) => createHash('sha256').update(JSON.stringify(values, replacer)).digest('hex');

/**
 * A table's content hash from its rows' hashes, sorted first: the order rows come back in (physical, not
 * guaranteed) does not matter, their content and number do.
 */
export class TableDigest {
  private readonly rowHashes: string[] = [];
  add(values: unknown[]): void {
    this.rowHashes.push(rowDigest(values));
  }
  finish(name: string): TableHash {
    this.rowHashes.sort();
    const h = createHash('sha256');
    for (const r of this.rowHashes) h.update(r);
    return { name, rows: this.rowHashes.length, sha256: h.digest('hex') };
  }
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');


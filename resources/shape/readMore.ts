// More of a declared read (resources/shape/reads.ts `ReadDecl`; session 27, 论坛主题's public pages and counts).
import type { GroupedReadDecl } from './groupedRead';

export interface ReadMore {
  /**
   * For `one`: a view count — the read adds one to this number field of the record it answers, in one atomic
   * UPDATE (two visitors at once both count), and answers the count as it stands (论坛主题's `readCount`).
   */
  readonly bump?: string;
  /** For `grouped`: the groups, what each counts, sums and averages (resources/shape/groupedRead.ts). */
  readonly grouped?: GroupedReadDecl;
}

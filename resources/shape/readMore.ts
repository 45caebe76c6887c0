// More of a declared read (resources/shape/reads.ts `ReadDecl`; session 27, 论坛主题's public theme pages).

export interface ReadMore {
  /**
   * For `one`: a view count — the read adds one to this number field of the record it answers, in one atomic
   * UPDATE (two visitors at once both count), and answers the count as it stands (论坛主题's `readCount`).
   */
  readonly bump?: string;
}

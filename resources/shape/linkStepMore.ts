// More of a reverse link step (resources/shape/actions.ts `LinkStepDecl`; session 27, 论坛版块's 版主设置).

export interface LinkStepMore {
  /** With `reverse`: what the step answers — the ids (default) or how many there are (`count`). */
  readonly answer?: 'ids' | 'count';
  /** With `reverse`: the 1002 message when the body names no record under `keys` (default 1001 缺少必填参数：<first key>). */
  readonly keyMissing?: string;
  /** With `reverse` and `set`: a body without any of `ids` clears the links (default 1001 缺少必填参数：<first name>). */
  readonly absentIsEmpty?: true;
}

import articleDecl from '../../../resources/article';
import type { FieldDecl } from '../../../resources/types';
import { renderInput } from '../../generic/inputs';

const flags = (articleDecl.fields as readonly FieldDecl[]).find((f) => f.name === 'flags')!;

/** Essay flags (spec §4: 1 图片, 2 推荐, 3 幻灯, 4 头条, 5 跳转): the declared set field's generic input (a sorted list of numbers). */
export function EssayFlagsInput() {
  return renderInput(flags);
}

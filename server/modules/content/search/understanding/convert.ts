import * as OpenCC from 'opencc-js';

/** Traditional (Taiwan and Hong Kong forms included) → simplified Chinese, OpenCC's tables (opencc-js). */
const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
const fromTaiwan = OpenCC.Converter({ from: 'tw', to: 'cn' });

export function simplified(text: string): string {
  return fromTaiwan(toSimplified(text));
}

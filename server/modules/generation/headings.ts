/**
 * Article bodies under the page's h1 (issue 24): editors pick heading sizes by look, so a body may open
 * with h3 or jump from h2 to h4, which screen readers announce as missing sections (and the W3C checker
 * reports). Each heading is renumbered to one level below the nearest earlier heading of a higher
 * original level (the page's h1 at the top), so the outline keeps its shape and never skips a level.
 */
export function levelHeadings(html: string, pageLevel = 1): string {
  const stack: { orig: number; level: number }[] = [];
  let open = 0;
  return html.replace(/<(\/?)h([1-6])(?=[\s>/])/gi, (_m, slash: string, digit: string) => {
    if (slash) return `</h${open || Number(digit)}`;
    const orig = Number(digit);
    while (stack.length && stack[stack.length - 1]!.orig >= orig) stack.pop();
    const parent = stack.length ? stack[stack.length - 1]!.level : pageLevel;
    open = Math.min(parent + 1, 6);
    stack.push({ orig, level: open });
    return `<h${open}`;
  });
}

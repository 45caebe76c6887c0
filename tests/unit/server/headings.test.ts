import { describe, expect, it } from 'vitest';
import { levelHeadings } from '../../../server/modules/generation/headings';

describe('article body headings under the page h1', () => {
  it('a body opening with h3 starts at h2', () => {
    expect(levelHeadings('<h3>一、总体要求</h3><p>x</p><h3 class="a">二、主要任务</h3>')).toBe('<h2>一、总体要求</h2><p>x</p><h2 class="a">二、主要任务</h2>');
  });
  it('a jump from h2 to h4 becomes h3, and the outline keeps its shape', () => {
    expect(levelHeadings('<h2>A</h2><h4>a</h4><h5>i</h5><h4>b</h4><h2>B</h2>')).toBe('<h2>A</h2><h3>a</h3><h4>i</h4><h3>b</h3><h2>B</h2>');
  });
  it('an h1 in the body is below the page title', () => {
    expect(levelHeadings('<H1>标题</H1><h2>节</h2>')).toBe('<h2>标题</h2><h3>节</h3>');
  });
  it('leaves other tags such as <header> and <hr> alone', () => {
    expect(levelHeadings('<header>x</header><hr><h6>y</h6>')).toBe('<header>x</header><hr><h2>y</h2>');
  });
});

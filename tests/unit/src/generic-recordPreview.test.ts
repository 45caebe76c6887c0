import { describe, expect, it } from 'vitest';
import { fillPreviewTemplate } from '../../../resources/shape/preview';

describe("a preview's meta templates (resources/shape/preview.ts)", () => {
  it('fills {field} with the value and a blank one with —', () => {
    expect(fillPreviewTemplate('{author} / {source}', { author: '李晓', source: '县教育局' })).toBe('李晓 / 县教育局');
    expect(fillPreviewTemplate('{author} / {source}', { author: '李晓', source: '' })).toBe('李晓 / —');
    expect(fillPreviewTemplate('{status}', { status: 0 })).toBe('0');
  });

  it('leaves out a [part] when a field in it is blank, and keeps it (without brackets) otherwise', () => {
    const t = '{creatorName}[（{deptName}）]';
    expect(fillPreviewTemplate(t, { creatorName: '李晓', deptName: '县教育局' })).toBe('李晓（县教育局）');
    expect(fillPreviewTemplate(t, { creatorName: '李晓', deptName: null })).toBe('李晓');
    expect(fillPreviewTemplate(t, {})).toBe('—');
  });
});

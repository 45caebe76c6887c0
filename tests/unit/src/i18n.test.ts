import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { zhCN } from '../../../src/i18n/zhCN';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value as Tree, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

function lookup(tree: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined), tree);
}

describe('zhCN catalogue', () => {
  const englishKeys = leaves(englishMessages as unknown as Tree).map(([key]) => key);

  it('has every key of ra-language-english, as a non-empty string', () => {
    expect(englishKeys.length).toBeGreaterThan(150);
    const missing = englishKeys.filter((key) => typeof lookup(zhCN as unknown as Tree, key) !== 'string');
    expect(missing).toEqual([]);
    const empty = englishKeys.filter((key) => String(lookup(zhCN as unknown as Tree, key)) === '' && key !== 'ra.boolean.null');
    expect(empty).toEqual([]);
  });

  it('has no plural forms (||||) anywhere', () => {
    const plural = leaves(zhCN as unknown as Tree).filter(([, value]) => String(value).includes('||||'));
    expect(plural).toEqual([]);
  });

  it('keeps the interpolations of the english messages (of at least one plural form)', () => {
    // The confirm dialog titles are the spec's fixed 提示信息 (§9), without the record's name.
    const fixedTitles = new Set(['ra.message.delete_title', 'ra.message.bulk_delete_title', 'ra.message.bulk_update_title']);
    const vars = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
    const lost = englishKeys.filter((key) => {
      if (fixedTitles.has(key)) return false;
      const zhVars = new Set(vars(String(lookup(zhCN as unknown as Tree, key))));
      const forms = String(lookup(englishMessages as unknown as Tree, key)).split('||||');
      return !forms.some((form) => vars(form).every((v) => v === 'smart_count' || zhVars.has(v)));
    });
    expect(lost).toEqual([]);
  });

  it('translates through the i18n provider, with resource names from the declarations', () => {
    expect(i18nProvider.getLocale()).toBe('zh-CN');
    expect(i18nProvider.translate('ra.action.save')).toBe('保存');
    expect(i18nProvider.translate('ra.action.confirm')).toBe('确定');
    expect(i18nProvider.translate('ra.message.delete_title', { name: '通知公告', recordRepresentation: 'x' })).toBe('提示信息');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('已选择 3 项');
    expect(i18nProvider.translate('resources.announcement.name')).toBe('通知公告');
    expect(i18nProvider.translate('resources.announcement.fields.title')).toBe('标题');
  });
});

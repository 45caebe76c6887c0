import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import type { ResourceDecl } from '../../resources/types';
import { resources } from '../resources';
import { zhCN } from './zhCN';

/**
 * Resource and field names come from the declarations (`resources.<name>.name`, `.fields.<field>`), so
 * react-admin's titles, column headers, labels and messages are Chinese for a new entity too.
 */
export function resourceMessages(decls: readonly ResourceDecl[]): Record<string, unknown> {
  return Object.fromEntries(
    decls.map((decl) => [
      decl.name,
      {
        name: decl.label,
        fields: Object.fromEntries(decl.fields.map((field) => [field.name, field.label])),
      },
    ]),
  );
}

export const messages: TranslationMessages = {
  ...zhCN,
  resources: resourceMessages(resources),
} as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => messages, 'zh-CN', [{ locale: 'zh-CN', name: '简体中文' }], {
  allowMissing: true,
});

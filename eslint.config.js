import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { API_PATH_SOURCE } from './scripts/apiPaths.mjs';

// esquery regex literals end at the next '/', so the pattern's slashes are escaped.
const apiPath = `/${API_PATH_SOURCE.replaceAll('/', '\\/')}/`;
const handWrittenApiPath = '接口路径只在 resources/ 的声明里写一次，通过数据提供者调用（callExtra / call / downloadExtra）';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The architecture's import rules (docs/architecture.md): the front end and the server meet only on the wire.
  // Declarations are plain data: no UI library, no server library, nothing of the other parts.
  {
    files: ['resources/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: ['**/providers/**', '**/src/**', '**/server/**', 'react', 'react-dom', 'react-admin', 'ra-*', '@mui/*', 'fastify', '@fastify/*', 'kysely'],
      }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
      // One way to call the server: no API path written by hand in the apps (docs/extending.md).
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${apiPath}]`, message: handWrittenApiPath },
        { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${apiPath}]`, message: handWrittenApiPath },
      ],
    },
  },
  // The providers speak the contract for react-admin; they never reach into the apps or draw UI.
  {
    files: ['providers/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/src/**', '@mui/*', 'react-dom'] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/providers/**'] }] },
  },
);

import type { ApiCall } from '../types';

/**
 * The skin-template calls (spec part 2 "Skin templates" plus createFolder / deleteFile and the skin
 * upgrades of docs/generation.md). Not an entity: plain declared calls the template screens run.
 */
export const templateCalls = {
  skins: { path: '/api/template/query/app/skin', method: 'GET' },
  list: { path: '/api/template/showChildFileAndFolder', method: 'GET' },
  read: { path: '/api/template/readFileContent', method: 'GET' },
  write: { path: '/api/template/writeFileContent' },
  mkdir: { path: '/api/template/createFolder' },
  remove: { path: '/api/template/deleteFile' },
  upgradeList: { path: '/api/template/upgrade/list', method: 'GET' },
  upgradeShipped: { path: '/api/template/upgrade/shipped', method: 'GET' },
  upgradeApply: { path: '/api/template/upgrade/apply' },
  upgradeKeep: { path: '/api/template/upgrade/keep' },
} as const satisfies Record<string, ApiCall>;

// The first path segments the portal API answers under (spec catalogue and server routes). A string in
// src/ that starts with one of them is an API path written by hand: the lint rule of eslint.config.js
// refuses it (paths are declared once in resources/ and called through the data provider), and
// `npm run stats` counts them. tests/unit/architecture/api-paths.test.ts checks every declared path matches.
export const API_PREFIXES = [
  'advice', 'announcement', 'api', 'app', 'apply', 'article', 'articleVoice', 'blacklist', 'celebrityTable', 'column',
  'ding', 'economic', 'export', 'file', 'forum', 'hot', 'hotWord', 'industrialProjects', 'll', 'llweb', 'log', 'mail',
  'mailCount', 'mailForum', 'menu', 'newsLink', 'notice', 'other', 'passwordRule', 'passwordType', 'people', 'plate',
  'plateRole', 'popula', 'product', 'questAnswer', 'resource', 'role', 'sensitive', 'stopAdvice', 'suggest', 'survey',
  'sys', 'sysArea', 'systemLogList', 'test', 'theme', 'themeCount', 'user', 'verify', 'visitHistory', 'web', 'website',
  'xax', 'xaxweb', 'data',
  // Under the apps' and the public site's own prefixes, only these are API paths.
  'admin/people', 'admin/themeCount', 'site/setting',
];

/** Source of a RegExp matching a string that starts with an API path (`/ding/user/list`, `/stopAdvice`). */
export const API_PATH_SOURCE = `^/(${API_PREFIXES.join('|')})(/|$|\\?)`;

import { createHash } from 'node:crypto';

/**
 * The one inline script of the generated site (issue 24): it puts `html.elder` (适老化 mode) on the page
 * before its first paint, from `?elder=` or the remembered choice. Set later by the deferred js/portal.js,
 * the whole page re-laid out after being painted — a layout shift of 0.3 on every page in that mode.
 * The site's CSP allows exactly this text by its hash (SITE_CSP), never 'unsafe-inline'; a skin that
 * edits the text loses the early switch only (portal.js still applies the mode).
 */
export const ELDER_BOOT_SCRIPT =
  "try{var m=/[?&]elder=([01])(&|$)/.exec(location.search),e=m?m[1]:localStorage.getItem('portal.elder');if(e==='1')document.documentElement.classList.add('elder')}catch(x){}";

/** The CSP source allowing ELDER_BOOT_SCRIPT. */
export const ELDER_BOOT_HASH = `'sha256-${createHash('sha256').update(ELDER_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

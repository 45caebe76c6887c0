import { afterEach, describe, expect, it } from 'vitest';
import { saveMenus } from '../../../providers/session';
import type { MenuNode } from '../../../providers/types';
import { mayOpenPage } from '../../../src/security/access';

// The client-side check of a page route against the menus cached at login (无权访问 without a server call).
const node = (id: number, type: MenuNode['type'], url: string, children: MenuNode[] = []): MenuNode => ({ id, parentId: 0, name: url, alias: url, type, url, children });

afterEach(() => sessionStorage.clear());

describe('mayOpenPage', () => {
  it('opens a sub-screen under a held menu entry (信件详情 under 领导信箱), not under a mere catalogue', () => {
    saveMenus([node(1, 'Catalogue', '/main/interact', [node(2, 'Menu', '/main/interact/LeaderMailbox')])]);
    expect(mayOpenPage('/main/interact/LeaderMailbox/mailBoxEditor')).toBe(true);
    expect(mayOpenPage('/main/interact/LeaderMailboxX/editor')).toBe(false);
    saveMenus([node(1, 'Catalogue', '/main/system')]);
    expect(mayOpenPage('/main/system/user/detail')).toBe(false);
  });

  it('refuses a page of a module the user holds no entry of', () => {
    saveMenus([node(1, 'Catalogue', '/main/article', [node(2, 'Menu', '/main/article/announcement')])]);
    expect(mayOpenPage('/main/system/dictDetail')).toBe(false);
    expect(mayOpenPage('/main/article/announcement')).toBe(true);
  });
});

import { lazy, Suspense } from 'react';
import { Loading } from './org/common';

const MenuScreen = lazy(() => import('./org/MenuScreen'));

function MenuList() {
  return (
    <Suspense fallback={<Loading />}>
      <MenuScreen />
    </Suspense>
  );
}

/** 菜单管理 (/main/system/getMenu): the menu/permission tree of both apps; see docs/system-org.md. */
export default { list: MenuList };

import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { refreshAllDic } from '../dict/allDic';
import { http } from '../portal';

/**
 * Shows nothing: each time the 数据字典 list loads (after a group is added, edited or deleted), the session's
 * dictionary cache (allDic) is read again, so every dictionary field shows the change. Declared `above`,
 * inside the list's context.
 */
export default function DictRefresh() {
  const { data } = useListContext();
  useEffect(() => {
    if (data) void refreshAllDic(http).catch(() => undefined);
  }, [data]);
  return null;
}

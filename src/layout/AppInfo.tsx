import { createContext, useContext } from 'react';
import type { AppKey } from '../../providers/types';
import { APP_TITLES } from '../appChoice';

export interface AppInfo {
  appKey: AppKey;
  title: string;
  /** Name of the home entry and page: 首页 (admin) or 工作台 (reporting). */
  homeLabel: string;
}

export function appInfoFor(appKey: AppKey): AppInfo {
  return { appKey, title: APP_TITLES[appKey], homeLabel: appKey === 'reportSite' ? '工作台' : '首页' };
}

export const AppInfoContext = createContext<AppInfo>(appInfoFor('adminSite'));

export function useAppInfo(): AppInfo {
  return useContext(AppInfoContext);
}

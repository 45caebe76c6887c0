import { zhCN } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { FIT_TABLE_SX } from './components/list/fit';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme in the portal's blue, with MUI's Chinese component texts. */
export const adminTheme: RaThemeOptions = deepmerge(
  deepmerge(defaultTheme, {
    palette: { primary: { main: '#1565c0' }, secondary: { main: '#0b4f9c' } },
    typography: {
      fontFamily: '"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
    },
    // Every table fits office screens (issue 10): one line per cell, long text cut, icon-only row actions.
    components: { MuiTable: { styleOverrides: { root: FIT_TABLE_SX } } },
  }),
  zhCN,
) as RaThemeOptions;

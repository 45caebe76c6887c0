import { zhCN } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { FIT_TABLE_SX, STICKY_PAGER_SX } from './components/list/fit';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme in the portal's blue, with MUI's Chinese component texts. */
export const adminTheme: RaThemeOptions = deepmerge(
  deepmerge(defaultTheme, {
    palette: { primary: { main: '#1565c0' }, secondary: { main: '#0b4f9c' } },
    typography: {
      fontFamily: '"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
    },
    // Every table fits office screens (issues 10, 23): as wide as its box, one line per cell, long text cut,
    // icon-only row actions pinned right; the pager in view.
    components: { MuiTable: { styleOverrides: { root: FIT_TABLE_SX } }, MuiTablePagination: { styleOverrides: { root: STICKY_PAGER_SX } },
      // A card that clips would hold the sticky pager inside it, out of view.
      MuiCard: { styleOverrides: { root: { overflow: 'visible' } } },
    },
  }),
  zhCN,
) as RaThemeOptions;

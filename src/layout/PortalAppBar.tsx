import ApartmentIcon from '@mui/icons-material/Apartment';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { AppBar, Logout, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';
import { FallbackTitle } from './Breadcrumbs';
import { useAppInfo } from './AppInfo';
import { NoticeBell } from '../components/notice/NoticeBell';
import { ChangePasswordMenuItem } from '../security/ChangePasswordMenuItem';

/** Name and department of the logged-in user, at the top of the user menu. */
function IdentityItem() {
  const { identity } = useGetIdentity();
  if (!identity) return null;
  const dept = (identity as { deptName?: string | null }).deptName;
  return (
    <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
      <ListItemIcon>
        <ApartmentIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={identity.fullName} secondary={dept || '未设置部门'} />
    </MenuItem>
  );
}

export function PortalUserMenu() {
  return (
    <UserMenu>
      <IdentityItem />
      <ChangePasswordMenuItem />
      <Logout />
    </UserMenu>
  );
}

/**
 * The app's title, then the current page's title, then the user menu (name, 退出登录). Memoised: react-admin
 * re-renders the layout twice more while it starts; the bar has nothing new to show (docs/performance.md).
 */
export const PortalAppBar = memo(function PortalAppBar() {
  const { title } = useAppInfo();
  return (
    <AppBar color="primary" userMenu={<PortalUserMenu />}>
      <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 600, mr: 2 }} data-testid="app-title">
        {title}
      </Typography>
      <Box component="span" sx={{ opacity: 0.6, mr: 2, display: { xs: 'none', sm: 'inline' } }}>
        |
      </Box>
      {/* The screen's own <Title>, else (CSS: when the portal stays empty) the menu entry's name. */}
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0, alignItems: 'center', '& #react-admin-title:not(:empty) + [data-fallback-title]': { display: 'none' }, '& [data-fallback-title]': { order: -1 } }}>
        <TitlePortal variant="subtitle1" />
        <FallbackTitle />
      </Box>
      <NoticeBell />
    </AppBar>
  );
});

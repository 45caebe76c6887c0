import LockResetIcon from '@mui/icons-material/LockReset';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { forwardRef, useState } from 'react';
import { useUserMenu } from 'react-admin';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/**
 * 修改密码 in the user menu (个人中心). The dialog opens over the menu; closing it closes the menu too (the
 * menu unmounts its items when it closes, so it stays open while the dialog is up).
 */
export const ChangePasswordMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function ChangePasswordMenuItem(props, ref) {
  const [open, setOpen] = useState(false);
  const userMenu = useUserMenu();
  return (
    <>
      <MenuItem {...props} ref={ref} onClick={() => setOpen(true)}>
        <ListItemIcon>
          <LockResetIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="修改密码" />
      </MenuItem>
      <ChangePasswordDialog
        open={open}
        onClose={() => {
          setOpen(false);
          userMenu?.onClose();
        }}
      />
    </>
  );
});

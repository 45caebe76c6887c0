import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useCanAccess } from 'react-admin';
import notice, { NOTICE_PERMISSIONS } from '../../../resources/notice';
import { dataProvider } from '../../data';
import { crudCall } from '../../../resources/declaredCalls';

type Notice = { id: number; title: string; content: string; publisher?: string; createTime?: string; readFlag?: number };
type Inbox = { list: Notice[]; unreadCount?: number };

const POLL_MS = 60_000;

/** One notice: its (server-sanitised) content; opening it marks it read. */
export function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Dialog open={notice !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{notice?.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {`${notice?.publisher ?? ''}\u3000${notice?.createTime ?? ''}`}
        </Typography>
        {/* The server stores notice content through its rich-text allow-list (server/crud/sanitize.ts). */}
        <Box data-testid="notice-content" dangerouslySetInnerHTML={{ __html: notice?.content ?? '' }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 通知 bell in the app bar: unread count of /notice/my/list, the latest unread ones, open = read. */
export function NoticeBell() {
  const { canAccess } = useCanAccess({ resource: 'notice', action: NOTICE_PERMISSIONS.my });
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Notice | null>(null);

  const load = useCallback(() => {
    dataProvider.call<Inbox>(crudCall(notice, 'list'), { body: { pageNum: 1, pageSize: 10, readFlag: 0 }, silent: true }).then(setInbox, () => undefined);
  }, []);
  useEffect(() => {
    if (canAccess !== true) return undefined;
    load();
    const timer = setInterval(load, POLL_MS);
    return () => clearInterval(timer);
  }, [canAccess, load]);
  if (canAccess !== true) return null;

  const unread = inbox?.unreadCount ?? 0;
  const show = (n: Notice) => {
    setAnchor(null);
    setOpen(n);
    dataProvider.callExtra('notice', 'read', { body: { id: n.id }, silent: true }).then(load, () => undefined);
  };
  return (
    <>
      <Tooltip title={unread ? `${unread}条未读通知` : '暂无未读通知'}>
        <IconButton color="inherit" aria-label="通知" onClick={(e) => { setAnchor(e.currentTarget); load(); }}>
          <Badge badgeContent={unread} color="error" max={99} data-testid="notice-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(inbox?.list ?? []).length === 0 && <MenuItem disabled>暂无未读通知</MenuItem>}
        {(inbox?.list ?? []).map((n) => (
          <MenuItem key={n.id} onClick={() => show(n)} sx={{ maxWidth: 420 }}>
            <ListItemText primary={n.title} secondary={`${n.publisher ?? ''} ${n.createTime ?? ''}`} slotProps={{ primary: { noWrap: true } }} />
          </MenuItem>
        ))}
      </Menu>
      <NoticeDialog notice={open} onClose={() => setOpen(null)} />
    </>
  );
}

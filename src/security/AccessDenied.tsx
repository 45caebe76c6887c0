import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';

/** The 无权访问 page: the session stays, the user goes back to the home page. */
export function AccessDenied() {
  return (
    <Box role="alert" data-testid="access-denied" sx={{ textAlign: 'center', py: 8 }}>
      <Title title="无权访问" />
      <BlockIcon color="disabled" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        无权访问
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        您没有访问此页面的权限，请联系管理员分配权限。
      </Typography>
      <Button variant="contained" component={Link} to="/">
        返回首页
      </Button>
    </Box>
  );
}

/** Renders `children` only when `allowed`; otherwise the 无权访问 page, without calling the server. */
export function RequireAccess({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return allowed ? <>{children}</> : <AccessDenied />;
}

import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAppInfo } from './AppInfo';
import { crumbSteps, useRouteTrail } from './routeTrail';

/** 首页 › group › screen above every screen but the home page (data-testid="breadcrumbs"). */
export function Breadcrumbs() {
  const { homeLabel } = useAppInfo();
  const trail = crumbSteps(useRouteTrail(), homeLabel);
  if (!trail.length) return null;
  return (
    <MuiBreadcrumbs aria-label="面包屑" data-testid="breadcrumbs" separator="›" sx={{ px: 1, pt: 1, fontSize: 13 }}>
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        {homeLabel}
      </Link>
      {trail.map((step, i) =>
        step.to && i < trail.length - 1 ? (
          <Link key={i} component={RouterLink} to={step.to} underline="hover" color="inherit">
            {step.label}
          </Link>
        ) : (
          <Typography key={i} color={i === trail.length - 1 ? 'text.primary' : 'inherit'} sx={{ fontSize: 13 }}>
            {step.label}
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
  );
}

/** The menu entry's name, shown in the app bar when the screen renders no <Title> of its own. */
export function FallbackTitle() {
  const trail = useRouteTrail();
  const screen = trail.filter((s) => s.to).pop();
  return (
    <Typography component="span" variant="subtitle1" data-fallback-title noWrap>
      {screen?.label ?? ''}
    </Typography>
  );
}

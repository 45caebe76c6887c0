import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-admin';
import { templateLinks } from './templateApi';

/** 模板管理 › skin › folder…: every ancestor a link, the current folder plain text. */
export function FolderBreadcrumbs({ folder }: { folder: string }) {
  const navigate = useNavigate();
  const segments = folder ? folder.split('/') : [];
  return (
    <Breadcrumbs aria-label="当前位置">
      <Link component="button" underline="hover" onClick={() => navigate(templateLinks.skins())}>
        模板管理
      </Link>
      {segments.map((s, i) => {
        const p = segments.slice(0, i + 1).join('/');
        return i === segments.length - 1 ? (
          <Typography key={p} color="text.primary">
            {s}
          </Typography>
        ) : (
          <Link key={p} component="button" underline="hover" onClick={() => navigate(templateLinks.folder(p))}>
            {s}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}

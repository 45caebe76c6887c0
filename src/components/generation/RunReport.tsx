import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { siteLink } from './siteLink';
import type { Busy, Outcome } from './types';

const SHOWN_PATHS = 100;

/** The running generation's label and progress bar (determinate once the total is known). */
export function RunProgress({ busy }: { busy: Busy }) {
  const known = busy.total > 0;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {busy.label}
        {known ? `（${busy.done}/${busy.total}）` : '…'}
      </Typography>
      <LinearProgress variant={known ? 'determinate' : 'indeterminate'} value={known ? (busy.done / busy.total) * 100 : undefined} />
    </Box>
  );
}

/** The last run's result: pages written, what failed, and links to the first pages written. */
export function RunOutcome({ outcome }: { outcome: Outcome }) {
  const { failed, pages, paths } = outcome;
  return (
    <Box>
      <Alert severity={failed.length ? (pages ? 'warning' : 'error') : 'success'}>
        {outcome.title}：成功生成 {pages} 个页面{failed.length ? `，失败 ${failed.length} 项` : ''}
        {failed.map((f) => (
          <div key={f}>{f}</div>
        ))}
      </Alert>
      {paths.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 3, maxHeight: 240, overflow: 'auto' }}>
          {paths.slice(0, SHOWN_PATHS).map((p) => (
            <li key={p}>
              <Link href={siteLink(p)} target="_blank" rel="noopener noreferrer">
                {p}
              </Link>
            </li>
          ))}
          {paths.length > SHOWN_PATHS && <li>……共 {paths.length} 个页面</li>}
        </Box>
      )}
    </Box>
  );
}

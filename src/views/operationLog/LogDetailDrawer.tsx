import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useGetOne, type RaRecord } from 'react-admin';
import operationLog from '../../../resources/operationLog';
import { enumLabel } from '../../generic/fields';

/** The order of the detail; every declared field is shown, empty ones as —. */
const DETAIL_FIELDS = [
  'createTime', 'type', 'username', 'name', 'userId', 'success', 'resultCode', 'resultMsg', 'operation', 'method', 'path',
  'params', 'httpStatus', 'durationMs', 'ip', 'appKey', 'userAgent', 'id',
];

function display(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const field = operationLog.fields.find((f) => f.name === name);
  if (field?.type === 'enum') return enumLabel(field.options, value);
  return String(value);
}

/**
 * One log entry in a drawer on the right: read again through /log/get (the list's row shows meanwhile),
 * every field with its label; parameters in monospace (secrets are already *** on the server).
 */
export function LogDetailDrawer({ record, onClose }: { record: RaRecord | null; onClose: () => void }) {
  const { data, isPending } = useGetOne('operationLog', { id: record?.id ?? 0 }, { enabled: !!record, placeholderData: record ?? undefined });
  const entry = data ?? record;
  return (
    <Drawer anchor="right" open={!!record} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
      <Box role="region" aria-label="日志详情" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            日志详情
          </Typography>
          {isPending && !!record && <CircularProgress size={16} sx={{ mr: 1 }} />}
          <IconButton aria-label="关闭" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {entry && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
            {DETAIL_FIELDS.map((name) => {
              const field = operationLog.fields.find((f) => f.name === name);
              if (!field) return null;
              const value = display(name, (entry as Record<string, unknown>)[name]);
              return (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {field.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    data-field={name}
                    sx={{ m: 0, wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontFamily: name === 'params' ? 'monospace' : undefined }}
                  >
                    {value}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Drawer>
  );
}

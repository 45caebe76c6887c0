import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useGetOne, useRecordContext, type RaRecord } from 'react-admin';
import type { DetailDrawerDecl, ResourceDecl } from '../../resources/types';
import { ShowGrid } from './ShowGrid';

/** The row button that opens the record in the list's drawer (`list.detailDrawer`). */
export function DetailDrawerButton({ drawer, onOpen }: { drawer: DetailDrawerDecl; onOpen: (record: RaRecord) => void }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(record);
      }}
    >
      {drawer.button}
    </Button>
  );
}

/**
 * One record in a drawer on the right (read-only logs): read again through the get call while the list's
 * row shows, the declared fields (default all) as the show view's grid in one column.
 */
export function DetailDrawer({ decl, drawer, record, onClose }: { decl: ResourceDecl; drawer: DetailDrawerDecl; record: RaRecord | null; onClose: () => void }) {
  const { data, isPending } = useGetOne(decl.name, { id: record?.id ?? 0 }, { enabled: !!record, placeholderData: record ?? undefined });
  const entry = data ?? record;
  const fields = drawer.fields ? drawer.fields.map((n) => decl.fields.find((f) => f.name === n)).filter((f) => f !== undefined) : decl.fields;
  return (
    <Drawer anchor="right" open={!!record} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
      <Box role="region" aria-label={drawer.title} sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {drawer.title}
          </Typography>
          {isPending && !!record && <CircularProgress size={16} sx={{ mr: 1 }} />}
          <IconButton aria-label="关闭" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {entry && (
          <RecordContextProvider value={entry}>
            <ShowGrid decl={decl} fields={fields} oneColumn />
          </RecordContextProvider>
        )}
      </Box>
    </Drawer>
  );
}

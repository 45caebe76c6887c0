import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

const codeSx = { m: 0, p: 1, bgcolor: 'grey.100', maxHeight: 420, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

export interface Comparison {
  path: string;
  mine: string;
  shipped: string;
}

/** 对比: the edited file and the new shipped version side by side. */
export function CompareDialog({ compare, onClose }: { compare: Comparison | null; onClose: () => void }) {
  return (
    <Dialog open={compare !== null} onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>对比：{compare?.path}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <Box>
          <Typography variant="subtitle2">当前版本</Typography>
          <Box component="pre" sx={codeSx}>
            {compare?.mine}
          </Box>
        </Box>
        <Box>
          <Typography variant="subtitle2">新版本</Typography>
          <Box component="pre" sx={codeSx}>
            {compare?.shipped}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}

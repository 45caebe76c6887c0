import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form } from 'react-admin';
import type { ActionDecl, ResourceDecl } from '../../resources/types';
import { renderInput } from './inputs';

/**
 * The fields a declared action asks for (`input`: an opinion, a transfer target, a reply), in a dialog with
 * the generic inputs and their checks; 确定 sends them as the action's body (the server checks them again).
 */
export function ActionInputDialog({ decl, action, onClose, onSubmit }: { decl: ResourceDecl; action: ActionDecl; onClose: () => void; onSubmit: (values: Record<string, unknown>) => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
      <Form record={{}} onSubmit={(values: Record<string, unknown>) => onSubmit(values)}>
        <DialogTitle>{action.label}</DialogTitle>
        <DialogContent>{(action.input ?? []).map((field) => renderInput(field, decl))}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained">
            确定
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

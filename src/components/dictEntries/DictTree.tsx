import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Editing, Entry } from './types';

interface Props {
  nodes: Entry[];
  depth: number;
  can: { add: boolean; edit: boolean; delete: boolean };
  onEdit: (editing: Editing) => void;
  onDelete: (entry: Entry) => void;
}

/** The entries as an indented tree, each line with the buttons the user may use. */
export function DictTree({ nodes, depth, can, onEdit, onDelete }: Props) {
  return (
    <>
      {nodes.map((n) => (
        <Box key={n.id}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: depth * 3, py: 0.5, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="dict-entry">
            <Typography variant="body2" sx={{ minWidth: 160 }}>
              {n.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
              键：{n.key}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {n.value ? `值：${n.value}` : ''}
            </Typography>
            {Number(n.state) !== 1 && (
              <Typography variant="caption" color="warning.main">
                已停用
              </Typography>
            )}
            {can.add && (
              <Button size="small" onClick={() => onEdit({ mode: 'add', parentId: n.id })}>
                新增下级
              </Button>
            )}
            {can.edit && (
              <Button size="small" onClick={() => onEdit({ mode: 'edit', entry: n })}>
                编辑
              </Button>
            )}
            {can.delete && (
              <Button size="small" color="error" onClick={() => onDelete(n)}>
                删除
              </Button>
            )}
          </Box>
          {n.children && <DictTree nodes={n.children} depth={depth + 1} can={can} onEdit={onEdit} onDelete={onDelete} />}
        </Box>
      ))}
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCanAccess, useDataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../providers';
import { GenericShow } from '../generic/GenericForm';
import { GenericList } from '../generic/GenericList';
import { getResource } from '../resources';

/**
 * 名人录: the generic list and show, with the two exports of the spec (docs/spec-calls.md):
 * 导出Excel above the list (every record the role may see), 导出Word on one person's page.
 */
function ExportBar({ children }: { children: React.ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 1 }}>{children}</Box>;
}

function CelebrityList() {
  const decl = getResource('celebrity');
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'celebrity', action: 'celebrity:export' });
  if (!decl) return null;
  return (
    <>
      {canAccess && (
        <ExportBar>
          <Button size="small" variant="outlined" onClick={() => dataProvider.exportExcel('/celebrityTable/getExcelList', {}, '名人录.xlsx').catch(() => undefined)}>
            导出Excel
          </Button>
        </ExportBar>
      )}
      <GenericList decl={decl} />
    </>
  );
}

function CelebrityShow() {
  const decl = getResource('celebrity');
  const { id } = useParams();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'celebrity', action: 'celebrity:exportWord' });
  if (!decl) return null;
  return (
    <>
      {canAccess && id && (
        <ExportBar>
          <Button size="small" variant="outlined" onClick={() => dataProvider.exportExcel('/celebrityTable/exportWord', { id: Number(id) }, '名人录.docx').catch(() => undefined)}>
            导出Word
          </Button>
        </ExportBar>
      )}
      <GenericShow decl={decl} />
    </>
  );
}

export default { list: CelebrityList, show: CelebrityShow };

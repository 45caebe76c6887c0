import Box from '@mui/material/Box';
import decl from '../../resources/inspectionRecord';
import { BrokenLinks } from '../components/monitoring/BrokenLinks';
import { ResponseTimePanel } from '../components/monitoring/ResponseTimePanel';
import { GenericShow } from '../generic/GenericForm';
import { GenericList } from '../generic/GenericList';
import type { ResourceViews } from '../generic/resourceViews';

/** 巡检记录: the response-time chart of a chosen site above the filtered list of records. */
function InspectionRecordList() {
  return (
    <Box>
      <ResponseTimePanel />
      <GenericList decl={decl} />
    </Box>
  );
}

/** One record; a link check also lists the links it found. */
function InspectionRecordShow() {
  return (
    <Box>
      <GenericShow decl={decl} />
      <BrokenLinks />
    </Box>
  );
}

const views: ResourceViews = { list: InspectionRecordList, show: InspectionRecordShow };
export default views;

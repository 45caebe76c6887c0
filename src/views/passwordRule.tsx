import Box from '@mui/material/Box';
import passwordRule from '../../resources/passwordRule';
import { GenericList } from '../generic/GenericList';
import type { ResourceViews } from '../generic/resourceViews';
import { PasswordTypesPanel } from './passwordRule/PasswordTypesPanel';

/**
 * 密码规则 (/main/system/passwordRule): the declaration's generic list of rules (the enabled one is in
 * force; forms and 查看 stay generic), and below it the 密码类型 panel (character classes, 恢复默认).
 */
function PasswordRuleList() {
  return (
    <Box>
      <GenericList decl={passwordRule} />
      <PasswordTypesPanel />
    </Box>
  );
}

const views: ResourceViews = { list: PasswordRuleList };
export default views;

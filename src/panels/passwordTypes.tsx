import { PasswordTypesPanel } from '../views/passwordRule/PasswordTypesPanel';

/** 密码类型 (character classes, 恢复默认) under the generic list of 密码规则 (resources/passwordRule.ts listPanels). */
export default PasswordTypesPanel;

import { LogChainPanel } from '../components/logChain/LogChainPanel';

/** 日志完整性: the chain head and its verification, above the anchors' list (resources/logAnchor.ts listPanels). */
export default LogChainPanel;

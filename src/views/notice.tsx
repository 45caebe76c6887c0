import type { ResourceViews } from '../generic/resourceViews';
import { NoticeManage } from './notice/NoticeManage';

/** 通知管理 (/main/interact/noticeManage): publish to departments and people; my notices (docs/interaction-mail.md). */
const views: ResourceViews = { list: NoticeManage };
export default views;

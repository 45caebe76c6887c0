/**
 * Cells of 政府网站工作年度报表 (国办函〔2018〕12号) the portal cannot know: staff fill them in and save them
 * per year. `unit` cells take a number, `yesNo` cells 是/否, the others text.
 */
export interface StaffField {
  key: string;
  section: string;
  label: string;
  unit?: string;
  yesNo?: boolean;
}

export const STAFF_FIELDS: readonly StaffField[] = [
  { key: 'uniqueVisitors', section: '网站访问', label: '独立用户访问总量', unit: '个' },
  { key: 'visitsTotal', section: '网站访问', label: '网站总访问量', unit: '次' },
  { key: 'interpretations', section: '解读回应', label: '解读信息发布总数', unit: '条' },
  { key: 'interpretMaterials', section: '解读回应', label: '其中：解读材料数量', unit: '条' },
  { key: 'interpretProducts', section: '解读回应', label: '其中：解读产品数量', unit: '条' },
  { key: 'mediaComments', section: '解读回应', label: '其中：媒体评论文章数量', unit: '条' },
  { key: 'responses', section: '解读回应', label: '回应公众关注热点或重大舆情数量', unit: '次' },
  { key: 'serviceCatalogue', section: '办事服务', label: '是否发布服务事项目录', yesNo: true },
  { key: 'unifiedPlatform', section: '互动交流', label: '是否使用统一平台', yesNo: true },
  { key: 'onlineInterviews', section: '互动交流', label: '在线访谈期数', unit: '期' },
  { key: 'interviewQuestions', section: '互动交流', label: '在线访谈网民留言数量', unit: '条' },
  { key: 'interviewAnswers', section: '互动交流', label: '在线访谈答复网民提问数量', unit: '条' },
  { key: 'smartQa', section: '互动交流', label: '是否提供智能问答', yesNo: true },
  { key: 'fixedIncidents', section: '安全防护', label: '问题整改数量', unit: '个' },
  { key: 'emergencyDrill', section: '安全防护', label: '是否开展应急演练', yesNo: true },
  { key: 'securityOfficer', section: '安全防护', label: '是否明确网站安全负责人', yesNo: true },
  { key: 'mobileMedia', section: '移动新媒体', label: '是否有移动新媒体', yesNo: true },
  { key: 'weiboName', section: '移动新媒体', label: '微博名称' },
  { key: 'weiboPosts', section: '移动新媒体', label: '微博信息发布量', unit: '条' },
  { key: 'weiboFollowers', section: '移动新媒体', label: '微博关注量', unit: '个' },
  { key: 'wechatName', section: '移动新媒体', label: '微信名称' },
  { key: 'wechatPosts', section: '移动新媒体', label: '微信信息发布量', unit: '条' },
  { key: 'wechatSubscribers', section: '移动新媒体', label: '微信订阅数', unit: '个' },
  { key: 'socialChannels', section: '移动新媒体', label: '其他移动新媒体' },
  { key: 'multilingual', section: '创新发展', label: '多语言版本', yesNo: true },
  { key: 'personalised', section: '创新发展', label: '千人千网', yesNo: true },
  { key: 'innovationOther', section: '创新发展', label: '其他创新' },
  { key: 'unitHead', section: '填报信息', label: '单位负责人' },
  { key: 'reviewer', section: '填报信息', label: '审核人' },
  { key: 'filler', section: '填报信息', label: '填报人' },
  { key: 'fillerPhone', section: '填报信息', label: '联系电话' },
  { key: 'remarks', section: '填报信息', label: '备注' },
];

/** Shown in a staff cell nobody has filled in yet: explicit, never a blank that reads as zero. */
export const NOT_FILLED = '未填报';
/** Shown in a cell the portal has no business with (its services are run by the province's platform). */
export const NOT_APPLICABLE = '不适用';

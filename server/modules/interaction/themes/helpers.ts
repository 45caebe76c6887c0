/** The count columns of 主题统计's and the monthly counts' workbooks. */

export function countColumns(keyLabel: string) {
  return [
    { header: keyLabel, key: 'name', width: 22 },
    { header: '主题总数', key: 'total', width: 10 },
    { header: '审核通过', key: 'passed', width: 10 },
    { header: '已回复', key: 'replied', width: 10 },
    { header: '已办结', key: 'handled', width: 10 },
    { header: '回复数', key: 'replyCount', width: 10 },
    { header: '平均回复用时（小时）', key: 'avgReplyHours', width: 20 },
  ];
}

/** Spec part 1 §9: the editor's fonts, heading levels, sizes, height and undo history. */
export const EDITOR_FONTS = ['SimSun', 'SimHei', 'Microsoft-YaHei', 'KaiTi', 'FangSong', 'Arial', 'Times-New-Roman', 'sans-serif'] as const;
export const FONT_LABELS: Record<(typeof EDITOR_FONTS)[number], string> = {
  SimSun: '宋体',
  SimHei: '黑体',
  'Microsoft-YaHei': '微软雅黑',
  KaiTi: '楷体',
  FangSong: '仿宋',
  Arial: 'Arial',
  'Times-New-Roman': 'Times New Roman',
  'sans-serif': 'sans-serif',
};
/** The CSS font-family written for each spec font name. */
export const FONT_CSS: Record<(typeof EDITOR_FONTS)[number], string> = {
  SimSun: 'SimSun',
  SimHei: 'SimHei',
  'Microsoft-YaHei': 'Microsoft YaHei',
  KaiTi: 'KaiTi',
  FangSong: 'FangSong',
  Arial: 'Arial',
  'Times-New-Roman': 'Times New Roman',
  'sans-serif': 'sans-serif',
};
export const HEADING_LEVELS = [1, 2, 3] as const;
export const FONT_SIZES = [
  { value: 'small', label: '小', css: '13px' },
  { value: 'normal', label: '正常', css: '' },
  { value: 'large', label: '大', css: '20px' },
] as const;
export const EDITOR_HEIGHT = 500;
export const UNDO = { delay: 1000, depth: 50 } as const;

/**
 * The indicator catalogue of the eight economic-data screens (spec part 1 §2, /main/article/…): what a
 * county statistics bureau publishes in each area, with units. Plain data, read by the declarations, the
 * admin screens, the server's validation, the Excel template and the public page (docs/economic-data.md).
 */

export type PeriodType = 'year' | 'quarter' | 'month';

export interface Indicator {
  /** Stored in `economic_figure.indicator`. */
  readonly code: string;
  /** Chinese name, as in the statistical bulletin and the Excel template. */
  readonly name: string;
  /** Unit of the stored value; `万元` values are shown by the amount rule (≥ 10000 → 亿元). */
  readonly unit: string;
  /** Natural growth rate and the like may be below zero; every other figure may not. */
  readonly signed?: boolean;
}

export interface EconomicArea {
  /** The spec's route segment, also the resource name and the permission prefix. */
  readonly key: AreaKey;
  /** Chinese label of the screen and its menu entry (the spec's meaning, in Chinese). */
  readonly label: string;
  readonly route: string;
  readonly icon: string;
  /** Periods the bureau publishes for this area (population and grain: yearly only). */
  readonly periods: readonly PeriodType[];
  readonly indicators: readonly Indicator[];
}

export const AREA_KEYS = [
  'grandTotal',
  'householdConsumption',
  'demographicData',
  'industrialData',
  'revenueData',
  'grainData',
  'domesticTrade',
  'foreignTrade',
] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

export const PERIOD_TYPE_OPTIONS = [
  { value: 'year', label: '年度' },
  { value: 'quarter', label: '季度' },
  { value: 'month', label: '月度' },
] as const;

const QUARTER_NAMES = ['一季度', '上半年', '前三季度', '1—12月'];

/** Quarterly and monthly figures are cumulative from January (1—N月累计), as bulletins publish them. */
export function periodLabel(periodType: string, year: number, period: number): string {
  if (periodType === 'quarter') return `${year}年${QUARTER_NAMES[period - 1] ?? `第${period}季度`}`;
  if (periodType === 'month') return period === 1 ? `${year}年1月` : `${year}年1—${period}月`;
  return `${year}年`;
}

const route = (key: string) => `/main/article/${key}`;

export const ECONOMIC_AREAS: readonly EconomicArea[] = [
  {
    key: 'grandTotal', label: '地区生产总值', route: route('grandTotal'), icon: 'ShowChart', periods: ['year', 'quarter'],
    indicators: [
      { code: 'gdp', name: '地区生产总值', unit: '万元' },
      { code: 'primary', name: '第一产业增加值', unit: '万元' },
      { code: 'secondary', name: '第二产业增加值', unit: '万元' },
      { code: 'tertiary', name: '第三产业增加值', unit: '万元' },
      { code: 'gdpPerCapita', name: '人均地区生产总值', unit: '元' },
    ],
  },
  {
    key: 'householdConsumption', label: '人民生活', route: route('householdConsumption'), icon: 'FamilyRestroom', periods: ['year', 'quarter'],
    indicators: [
      { code: 'urbanIncome', name: '城镇常住居民人均可支配收入', unit: '元' },
      { code: 'ruralIncome', name: '农村常住居民人均可支配收入', unit: '元' },
      { code: 'urbanConsumption', name: '城镇常住居民人均消费支出', unit: '元' },
      { code: 'ruralConsumption', name: '农村常住居民人均消费支出', unit: '元' },
    ],
  },
  {
    key: 'demographicData', label: '人口数据', route: route('demographicData'), icon: 'Groups', periods: ['year'],
    indicators: [
      { code: 'registered', name: '户籍人口', unit: '万人' },
      { code: 'resident', name: '常住人口', unit: '万人' },
      { code: 'urbanization', name: '常住人口城镇化率', unit: '%' },
      { code: 'birthRate', name: '人口出生率', unit: '‰' },
      { code: 'deathRate', name: '人口死亡率', unit: '‰' },
      { code: 'naturalGrowth', name: '人口自然增长率', unit: '‰', signed: true },
    ],
  },
  {
    key: 'industrialData', label: '工业和建筑业', route: route('industrialData'), icon: 'Factory', periods: ['year', 'quarter', 'month'],
    indicators: [
      { code: 'industryAdded', name: '规模以上工业增加值', unit: '万元' },
      { code: 'industryOutput', name: '规模以上工业总产值', unit: '万元' },
      { code: 'industryFirms', name: '规模以上工业企业数', unit: '个' },
      { code: 'constructionOutput', name: '建筑业总产值', unit: '万元' },
    ],
  },
  {
    key: 'revenueData', label: '就业', route: route('revenueData'), icon: 'Work', periods: ['year', 'quarter', 'month'],
    indicators: [
      { code: 'newJobs', name: '城镇新增就业人数', unit: '人' },
      { code: 'reemployment', name: '城镇失业人员再就业人数', unit: '人' },
      { code: 'unemploymentRate', name: '城镇登记失业率', unit: '%' },
      { code: 'laborTransfer', name: '农村劳动力转移就业人数', unit: '人' },
      { code: 'averageWage', name: '城镇非私营单位在岗职工平均工资', unit: '元' },
    ],
  },
  {
    key: 'grainData', label: '粮食', route: route('grainData'), icon: 'Grass', periods: ['year'],
    indicators: [
      { code: 'grainArea', name: '粮食播种面积', unit: '万亩' },
      { code: 'grainOutput', name: '粮食总产量', unit: '吨' },
      { code: 'summerGrain', name: '夏粮产量', unit: '吨' },
      { code: 'autumnGrain', name: '秋粮产量', unit: '吨' },
      { code: 'grainYield', name: '粮食单产', unit: '公斤/亩' },
    ],
  },
  {
    key: 'domesticTrade', label: '国内贸易', route: route('domesticTrade'), icon: 'Storefront', periods: ['year', 'quarter', 'month'],
    indicators: [
      { code: 'retailSales', name: '社会消费品零售总额', unit: '万元' },
      { code: 'urbanRetail', name: '城镇消费品零售额', unit: '万元' },
      { code: 'ruralRetail', name: '乡村消费品零售额', unit: '万元' },
      { code: 'catering', name: '餐饮收入', unit: '万元' },
    ],
  },
  {
    key: 'foreignTrade', label: '对外贸易', route: route('foreignTrade'), icon: 'LocalShipping', periods: ['year', 'quarter', 'month'],
    indicators: [
      { code: 'tradeTotal', name: '进出口总额', unit: '万元' },
      { code: 'exports', name: '出口总额', unit: '万元' },
      { code: 'imports', name: '进口总额', unit: '万元' },
      { code: 'foreignCapital', name: '实际利用外资', unit: '万美元' },
    ],
  },
];

export function areaOf(key: string): EconomicArea | undefined {
  return ECONOMIC_AREAS.find((a) => a.key === key);
}

/** The area of a known key (a typed key always has one). */
export function areaByKey(key: AreaKey): EconomicArea {
  const area = areaOf(key);
  if (!area) throw new Error(`未知的经济数据分类：${key}`);
  return area;
}

export function indicatorOf(area: EconomicArea, code: string): Indicator | undefined {
  return area.indicators.find((i) => i.code === code);
}

/** The 静态生成 screen's button grants (menu aliases): running a generation, previewing the home page. */
export const GENERATION_PERMISSIONS = {
  run: 'generation:run',
  view: 'generation:view',
} as const;

import { formatFigure, formatGrowth } from '../../../resources/economic/format.js';
import { formatDateTime } from '../../util/time.js';
import { latestByArea } from '../economic/publicLatest.js';
import { registerSitePage } from './pages.js';

/**
 * The public page of the latest economic figures (docs/economic-data.md): the skin's `pages/economy.html`
 * becomes `economy.html` at the site root with these variables. A skin without the template has no page.
 */
registerSitePage({
  name: 'economy',
  vars: async (gen) => {
    const areas = (await latestByArea(gen.db)).map((a) => ({
      ...a,
      figures: a.figures.map((f) => ({ ...f, display: formatFigure(f.value, String(f.unit)), growthDisplay: formatGrowth(f.growthRate) })),
    }));
    return { areas, generatedAt: formatDateTime() };
  },
});

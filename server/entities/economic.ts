import { AREA_KEYS, areaByKey } from '../../resources/economic/catalogue.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { figureHook } from '../modules/economic/figureRules.js';

/**
 * The eight economic areas (resources/<area>.ts): a figure passes the figure rules and no other figure
 * of the area holds its indicator and period (docs/economic-data.md).
 */
export default AREA_KEYS.map((key) => defineBehaviour({ name: key, hooks: { beforeChange: [figureHook(areaByKey(key))] } }));

import { describeInput } from '../../../http/routeInput.js';

/** What each content-model module route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const CONTENT_MODEL_INPUT = {
  rows: describeInput({ path: { key: ['integer', '模型ID'], pageNumber: ['integer', '页码，从1开始'], pageSize: ['integer', '每页条数，最多200'] } }),
};

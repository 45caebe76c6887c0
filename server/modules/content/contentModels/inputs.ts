import { describeInput, IDS, type InputFields } from '../../../http/routeInput.js';

/** A field's definition (readFieldDefinition in service.ts). */
const FIELD: InputFields = {
  fieldFieldName: ['string', '字段名：小写字母开头，小写字母、数字和下划线，不超过30个字符（保存后不能修改）'],
  fieldTipsName: ['string', '字段提示名，不超过50个字符'],
  fieldType: ['integer', '字段类型（数字与文本类之间不能修改）'],
  fieldOptions: ['any', '下拉选项：数组，或以换行、逗号分隔（不超过100个）'],
  fieldRequired: ['integer', '必填：1（是）、0（否）'],
  fieldSort: ['integer', '排序'],
};
const KEY = (description: string) => describeInput({ path: { key: ['integer', description] } });

/** What each content-model route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const CONTENT_MODEL_INPUT = {
  tableName: describeInput({ path: { key: ['string', '要检查的表名'] } }),
  saveForm: describeInput({ body: { fieldCmId: ['integer', '所属模型ID'], cmId: ['integer', '所属模型ID（同 fieldCmId）'], contentModelId: ['integer', '所属模型ID（同 fieldCmId）'], ...FIELD } }),
  updateForm: describeInput({ body: { fieldId: ['integer', '字段ID'], id: ['integer', '字段ID（同 fieldId）'], ...FIELD } }),
  deleteForm: describeInput({ body: { fieldId: ['integer', '字段ID（单个）'] }, either: { ids: IDS } }),
  getForm: KEY('字段ID（fieldId）'),
  rows: describeInput({ path: { key: ['integer', '模型ID'], pageNumber: ['integer', '页码，从1开始'], pageSize: ['integer', '每页条数，最多200'] } }),
};

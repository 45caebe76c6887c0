import { useRecordContext } from 'react-admin';
import { ModelFields } from '../components/contentModel/ModelDetails';

/** 自定义模型: the model's fields (新增字段, 编辑, 删除) and its rows under the generic show view (resources/contentModel.ts showPanels). */
export default function ContentModelFields() {
  const record = useRecordContext<{ cmId: number }>();
  return record?.cmId ? <ModelFields cmId={Number(record.cmId)} /> : null;
}

import { useParams } from 'react-router-dom';
import type { ResourceViews } from '../generic/resourceViews';
import { ModelDetails } from './content/ModelDetails';

/** Editing a model opens its details (fields and rows); list and create stay generic. */
function ContentModelEdit() {
  const { id } = useParams();
  return <ModelDetails cmId={Number(id)} />;
}

const views: ResourceViews = { edit: ContentModelEdit };
export default views;

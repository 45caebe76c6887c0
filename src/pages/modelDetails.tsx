import { useSearchParams } from 'react-router-dom';
import type { PageDecl } from '../pages';
import { ModelDetails } from '../components/contentModel/ModelDetails';

/** /main/system/ModelDetails?cmId=… (spec route "custom model details"). */
function ModelDetailsPage() {
  const [params] = useSearchParams();
  return <ModelDetails cmId={Number(params.get('cmId'))} />;
}

const page: PageDecl = { path: '/main/system/ModelDetails', component: ModelDetailsPage };
export default page;

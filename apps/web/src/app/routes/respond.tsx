import { useParams } from 'react-router';
import { RespondScreen } from '@/features/respond/components/respond-screen';

/** /respond/:requestId (business owners only; the router's guard and the server both check). */
export default function RespondPage() {
  const { requestId = '' } = useParams();
  // Keyed so moving to another request starts a fresh form.
  return <RespondScreen key={requestId} requestId={requestId} />;
}

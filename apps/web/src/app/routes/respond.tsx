import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * /respond/:requestId. Requests reach businesses with the requests feature; until then no request
 * can be found, so this shows the spec's not-found state (spec 3 §2).
 */
export default function RespondPage() {
  return (
    <Page title="Respond to Request" backTo="/business-requests">
      <EmptyState
        icon={FileQuestion}
        title="Request Not Found"
        description="The service request you're looking for doesn't exist."
        action={
          <Button asChild variant="outline">
            <Link to="/business-requests">Back to Service Requests</Link>
          </Button>
        }
      />
    </Page>
  );
}

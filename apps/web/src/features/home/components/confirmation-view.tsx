import { HIRE_AGAIN_MESSAGES, quotedRequestTitle, type CreatedRequest } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { MapView } from '@/features/location/components/map-view';
import { requestQueryOptions } from '@/features/requests/api/get-request-for-edit';

/**
 * The confirmation mode: where the request went and how many businesses were really told
 * (the original showed a random 5-10).
 */
export function ConfirmationView({
  created,
  onSeeResponses,
  onNewRequest,
}: {
  created: CreatedRequest;
  onSeeResponses: () => void;
  onNewRequest: () => void;
}) {
  const { data: request } = useQuery(requestQueryOptions(created.id));
  const count = created.matchedBusinesses;
  const radius = request ? ` within ${request.serviceAreaKm} km` : '';
  return (
    <section aria-labelledby="confirmation-heading" className="grid gap-4">
      {request?.latitude != null && request.longitude != null ? (
        <MapView
          latitude={request.latitude}
          longitude={request.longitude}
          radiusKm={request.serviceAreaKm}
          label={request.locationAddress ?? request.areaLabel ?? undefined}
          height={220}
        />
      ) : null}
      <div className="grid justify-items-center gap-2 rounded-lg border border-border bg-background p-6 text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h2 id="confirmation-heading" className="text-xl font-semibold">
          {count === 0 ? 'Your request is saved' : 'Sent to local businesses'}
        </h2>
        <p data-testid="notified-count" className="text-muted-foreground">
          {count === 0
            ? 'No business offering this service covers your area yet. Your request stays open, and businesses that join can respond.'
            : `Your request ${quotedRequestTitle(created.title)} went to ${count} ${count === 1 ? 'business' : 'businesses'}${radius}.`}
        </p>
        {created.hireAgain ? (
          <p data-testid="hire-again-outcome" className="text-sm">
            {created.hireAgain.notified
              ? HIRE_AGAIN_MESSAGES.notified(created.hireAgain.businessName)
              : HIRE_AGAIN_MESSAGES.notMatched(created.hireAgain.businessName)}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">We will let you know as soon as a business responds.</p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Link to="/requests" className={buttonClasses()}>
            View My Requests
          </Link>
          <Button variant="outline" onClick={onSeeResponses}>
            See responses
          </Button>
          <Button variant="ghost" onClick={onNewRequest}>
            Post another request
          </Button>
        </div>
      </div>
    </section>
  );
}

import type { CreatedRequest } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListSkeleton } from '@/components/ui/skeleton';
import { lastLocationQueryOptions } from '@/features/requests/api/get-last-location';
import { RequestForm } from '@/features/requests/components/request-form';
import { emptyFormValues } from '@/features/requests/request-form-values';

/** A new request, prefilled with the chosen service and the customer's last address. */
export function NewRequestForm({
  prefill,
  hireAgainResponseId,
  onSubmitted,
}: {
  prefill: { serviceType?: string; serviceSubtype?: string | null };
  /** Hire Again from Job History: the past job whose business is asked first. */
  hireAgainResponseId?: string | null;
  onSubmitted: (created: CreatedRequest) => void;
}) {
  const last = useQuery(lastLocationQueryOptions);
  const { serviceType, serviceSubtype } = prefill;
  const initialValues = useMemo(() => {
    const values = emptyFormValues({ serviceType, serviceSubtype });
    if (last.data?.address) {
      values.location = {
        address: last.data.address,
        latitude: last.data.latitude,
        longitude: last.data.longitude,
        area: last.data.area,
      };
    }
    return values;
  }, [serviceType, serviceSubtype, last.data]);
  // A failed lookup only means no prefill; wait for the answer so typing is never overwritten.
  if (last.isPending) return <ListSkeleton rows={4} label="Loading the form" />;
  return (
    <>
      {hireAgainResponseId ? (
        <p role="note" className="rounded-md border border-border bg-muted/50 p-3 text-sm">
          Hiring again: the business that did your last job is told about this request first.
        </p>
      ) : null}
      <RequestForm
        initialValues={initialValues}
        onSubmitted={onSubmitted}
        hireAgainResponseId={hireAgainResponseId}
      />
    </>
  );
}

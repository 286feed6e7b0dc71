import { canEditRequest } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ListSkeleton } from '@/components/ui/skeleton';
import { requestQueryOptions } from '@/features/requests/api/get-request-for-edit';
import { RequestForm } from '@/features/requests/components/request-form';
import { formValuesOf } from '@/features/requests/request-form-values';

/** Edit mode: only the owner's request loads (the server answers 404 to anyone else). */
export function EditRequestForm({ requestId }: { requestId: string }) {
  const navigate = useNavigate();
  const { data, isError } = useQuery({ ...requestQueryOptions(requestId), staleTime: 0, retry: false });
  const editable = data ? canEditRequest(data) : true;

  useEffect(() => {
    if (isError) {
      toast.error('Error', { description: 'Failed to load request for editing.' });
      void navigate('/requests', { replace: true });
    } else if (!editable) {
      toast.error('Error', {
        description: 'This request can no longer be edited: a quote for it has been accepted.',
      });
      void navigate('/requests', { replace: true });
    }
  }, [isError, editable, navigate]);

  const editing = useMemo(
    () => (data ? { id: data.id, values: formValuesOf(data), images: data.images } : null),
    [data],
  );
  if (!editing || !editable) return <ListSkeleton rows={4} label="Loading your request" />;
  return (
    <RequestForm
      key={editing.id}
      editing={editing}
      onSubmitted={() => undefined}
      onUpdated={() => void navigate('/requests')}
    />
  );
}

import type { MyRequest, ServiceRequestInput } from '@grip/domain';
import { api } from '@/lib/api-client';

export function updateRequest(id: string, input: ServiceRequestInput): Promise<MyRequest> {
  return api.patch<MyRequest>(`/api/requests/${encodeURIComponent(id)}`, input);
}

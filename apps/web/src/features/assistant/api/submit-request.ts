import type { CreatedRequest, ServiceRequestInput } from '@grip/domain';
import { api } from '@/lib/api-client';

/** POST /api/requests: stores the request and notifies the matching businesses. */
export function submitRequest(payload: ServiceRequestInput): Promise<CreatedRequest> {
  return api.post<CreatedRequest>('/api/requests', payload);
}

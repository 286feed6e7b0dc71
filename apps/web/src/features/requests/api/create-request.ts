import type { CreatedRequest, ServiceRequestInput } from '@grip/domain';
import { api } from '@/lib/api-client';

export function createRequest(input: ServiceRequestInput): Promise<CreatedRequest> {
  return api.post<CreatedRequest>('/api/requests', input);
}

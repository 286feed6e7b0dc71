import type { CreatedResponse, ResponseInput } from '@grip/domain';
import { api } from '@/lib/api-client';

/** Sends this business's one quote on a request. */
export function submitResponse(requestId: string, input: ResponseInput): Promise<CreatedResponse> {
  return api.post<CreatedResponse>(
    `/api/business/requests/${encodeURIComponent(requestId)}/responses`,
    input,
  );
}

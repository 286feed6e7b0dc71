import { RequestAuditSchema } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Keys of the Request Audit (administrator-only data). */
export const auditKeys = {
  all: ['admin', 'request-audit'] as const,
};

/** GET /api/admin/request-audit: the latest 50 requests with the businesses told of each. */
export function useRequestAudit() {
  return useQuery({
    queryKey: auditKeys.all,
    queryFn: async ({ signal }) =>
      RequestAuditSchema.parse(await api.get<unknown>('/api/admin/request-audit', { signal })),
  });
}

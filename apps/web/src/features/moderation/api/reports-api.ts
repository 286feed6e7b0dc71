import { CreatedReportSchema, MODERATION_MESSAGES, type ReportInput } from '@grip/domain';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const ERROR_TOAST_MS = 8000;

/**
 * POST /api/reports. Thanks the reporter and closes the dialog; a refusal says why in the server's
 * words (field errors stay in the form), anything else keeps the dialog open to try again.
 */
export function useSendReport(onDone: () => void) {
  return useMutation({
    mutationFn: async (input: ReportInput) =>
      CreatedReportSchema.parse(await api.post<unknown>('/api/reports', input)),
    onSuccess: () => {
      toast.success(MODERATION_MESSAGES.reportSent, {
        description: MODERATION_MESSAGES.reportSentDescription,
      });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) return;
      const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
      toast.error(MODERATION_MESSAGES.reportFailed, {
        description: isRefusal ? error.message : undefined,
        duration: ERROR_TOAST_MS,
      });
      // A target that is gone or not theirs cannot be reported by trying again.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) onDone();
    },
  });
}

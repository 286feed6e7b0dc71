import { COUNTER_OFFER_MAX_IMAGES, CUSTOMER_OFFER_MESSAGES } from '@grip/domain';
import { useMemo } from 'react';
import { toast } from '@/lib/toast';
import { useImageUploads, type ImageUploads } from '@/features/uploads/hooks/use-image-uploads';
import { imageFileProblem } from '@/features/uploads/upload-rules';

const PURPOSE = 'counter_offer_image';
const ERROR_TOAST_MS = 8000;

/**
 * The images of a modified offer: the shared upload list, but a refused file is explained in the
 * spec's counter-offer words (spec 2 §5) before the good ones upload.
 */
export function useCounterOfferUploads(): ImageUploads {
  const uploads = useImageUploads({ purpose: PURPOSE, maxFiles: COUNTER_OFFER_MAX_IMAGES });
  return useMemo(
    () => ({
      ...uploads,
      add(files: FileList | readonly File[]) {
        const list = Array.from(files);
        const problems = list.map((file) => imageFileProblem(file, PURPOSE));
        if (problems.includes('invalid_type')) {
          toast.error(CUSTOMER_OFFER_MESSAGES.invalidFileTypeTitle, {
            description: CUSTOMER_OFFER_MESSAGES.invalidFileType,
            duration: ERROR_TOAST_MS,
          });
        }
        if (problems.includes('too_large')) {
          toast.error(CUSTOMER_OFFER_MESSAGES.fileTooLargeTitle, {
            description: CUSTOMER_OFFER_MESSAGES.fileTooLarge,
            duration: ERROR_TOAST_MS,
          });
        }
        const good = list.filter((_, index) => problems[index] === null);
        if (good.length > 0) uploads.add(good);
      },
    }),
    [uploads],
  );
}

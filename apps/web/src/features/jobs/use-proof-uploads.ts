import { JOB_MESSAGES, JOB_PROOF_MAX_IMAGES } from '@grip/domain';
import { useMemo } from 'react';
import { toast } from '@/lib/toast';
import { useImageUploads, type ImageUploads } from '@/features/uploads/hooks/use-image-uploads';
import { imageFileProblem } from '@/features/uploads/upload-rules';

/**
 * Completion proof photos (spec 3 §5): the shared upload list, but a refused file is named in the
 * spec's own words ('File {name} is too large…' / '…is not an image…') before the rest upload.
 */
export function useProofUploads(): ImageUploads {
  const uploads = useImageUploads({ purpose: 'completion_proof', maxFiles: JOB_PROOF_MAX_IMAGES });
  return useMemo(
    () => ({
      ...uploads,
      add(files: FileList | readonly File[]) {
        const good: File[] = [];
        for (const file of Array.from(files)) {
          const problem = imageFileProblem(file, 'completion_proof');
          if (problem === 'too_large') toast.error(JOB_MESSAGES.fileTooLarge(file.name));
          else if (problem === 'invalid_type') toast.error(JOB_MESSAGES.fileNotImage(file.name));
          else good.push(file);
        }
        if (good.length > 0) uploads.add(good);
      },
    }),
    [uploads],
  );
}

import { ArchiveOldResultSchema } from '@grip/domain';
import { api } from '@/lib/api-client';

/** Archive Management: archives this business's responses at least `daysOld` days old (0 = all). */
export async function archiveOldResponses(daysOld: number): Promise<number> {
  const result = ArchiveOldResultSchema.parse(
    await api.post<unknown>('/api/business/responses/archive-old', { daysOld }),
  );
  return result.archived;
}

import type { ListSectionName, MyRequestPage } from '@grip/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Takes a request out of the cached lists it just left (archived: out of Active and Expired; restored:
 * out of Archived) before the lists refetch. Each list refetches on its own, so otherwise a restored
 * request could show in both Active and Archived for a moment.
 */
export function dropFromSections(queryClient: QueryClient, id: string, sections: ListSectionName[]) {
  for (const section of sections) {
    queryClient.setQueryData<InfiniteData<MyRequestPage>>(queryKeys.requestList(section), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.filter((r) => r.id !== id) })),
          }
        : data,
    );
  }
}

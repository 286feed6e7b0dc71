import { ListChecks } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DetailPlaceholder, ListDetail, useIsDesktop } from '@/components/layout/list-detail';
import type { MyRequestListSection } from '../api/get-my-requests';
import { DEFAULT_OPEN_SECTIONS, MyRequestsView, type MyRequestsUiState } from './my-requests-view';
import { RequestDetails } from './request-details';

/**
 * /requests: the list, or one request's details when `?request={id}` is set. The list's open
 * sections and expanded cards live here, so coming back from the details finds them as they were.
 * From 1024 px the details open beside the list instead (issue 33), the URL the same.
 */
export function MyRequestsScreen() {
  const [params] = useSearchParams();
  const requestId = params.get('request');
  const [openSections, setOpenSections] = useState(DEFAULT_OPEN_SECTIONS);
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(() => new Set());

  const setSectionOpen = useCallback((section: MyRequestListSection, open: boolean) => {
    setOpenSections((current) => ({ ...current, [section]: open }));
  }, []);
  const setExpanded = useCallback((id: string, expanded: boolean) => {
    setExpandedIds((current) => {
      const next = new Set(current);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const ui = useMemo<MyRequestsUiState>(
    () => ({ openSections, setSectionOpen, expandedIds, setExpanded }),
    [openSections, setSectionOpen, expandedIds, setExpanded],
  );

  const isDesktop = useIsDesktop();

  if (!isDesktop) {
    return requestId ? <RequestDetails key={requestId} id={requestId} /> : <MyRequestsView ui={ui} />;
  }
  return (
    <MyRequestsView
      ui={ui}
      selectedId={requestId}
      layout={(list) => (
        <ListDetail
          list={list}
          detail={requestId ? <RequestDetails key={requestId} id={requestId} variant="pane" /> : null}
          placeholder={
            <DetailPlaceholder icon={ListChecks} text="Choose a request to see its details and responses." />
          }
          detailLabel="Request details"
          selectionKey={requestId}
        />
      )}
    />
  );
}

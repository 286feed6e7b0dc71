import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MyRequestListSection } from '../api/get-my-requests';
import { DEFAULT_OPEN_SECTIONS, MyRequestsView, type MyRequestsUiState } from './my-requests-view';
import { RequestDetails } from './request-details';

/**
 * /requests: the list, or one request's details when `?request={id}` is set. The list's open
 * sections and expanded cards live here, so coming back from the details finds them as they were.
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

  return requestId ? <RequestDetails key={requestId} id={requestId} /> : <MyRequestsView ui={ui} />;
}

import { useLocation, useNavigate } from 'react-router';

/** The details view is a URL of its own, so the browser's Back returns to the list. */
export function requestDetailsLink(id: string) {
  return { pathname: '/requests', search: `?request=${encodeURIComponent(id)}` };
}

/** Set on links from the list, so Back can return through history (keeping the scroll position). */
export const FROM_LIST_STATE = { fromList: true } as const;

function cameFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromList' in state && state.fromList === true;
}

/** Back to My Requests: through history when we came from the list, else by replacing this entry. */
export function useBackToList(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    if (cameFromList(location.state)) void navigate(-1);
    else void navigate('/requests', { replace: true });
  };
}

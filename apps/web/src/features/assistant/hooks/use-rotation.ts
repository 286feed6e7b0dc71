import { useEffect, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/**
 * A page number that advances every `intervalMs` while `isActive`, wrapping after `pageCount` pages.
 * Also returns a setter so people can page by hand.
 */
export function useRotation(pageCount: number, intervalMs: number, isActive: boolean) {
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (!isActive || pageCount <= 1) return;
    const id = window.setInterval(() => setPage((p) => (p + 1) % pageCount), intervalMs);
    return () => window.clearInterval(id);
  }, [isActive, pageCount, intervalMs]);
  const safePage = pageCount > 0 ? page % pageCount : 0;
  return [safePage, setPage] as const;
}

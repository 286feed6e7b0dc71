import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * Whether the page is being printed: from the browser's beforeprint until its afterprint (the
 * Print button, Ctrl+P, the browser's menu), or while print media is emulated. What shows only on
 * paper is drawn only then, so the screen (and every query of it) has one copy of each text.
 */
export function useIsPrinting(): boolean {
  const [isPrinting, setIsPrinting] = useState(false);
  const isPrintMedia = useMediaQuery('print');
  useEffect(() => {
    // Synchronously: the browser lays the page out for paper as soon as beforeprint returns.
    const before = () => flushSync(() => setIsPrinting(true));
    const after = () => setIsPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return isPrinting || isPrintMedia;
}

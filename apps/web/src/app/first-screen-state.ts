import type { FormatSettings } from '@grip/domain';
import type { DehydratedState } from '@tanstack/react-query';
import type { OfflineRead } from '@/lib/offline-session';

/**
 * What a server-rendered first screen was drawn from (decision 024): the time it was drawn at and the
 * queries' data, so the browser hydrates the same screen without fetching the same data again.
 */
export interface FirstScreenState {
  drawnAt: string;
  /** The preloadable components it drew (lib/preloadable.tsx): their code loads before hydrating. */
  drawn: string[];
  queries: DehydratedState;
  /** The live stream's position before the data was read: the page's stream resumes from there. */
  liveFrom: number | null;
  /** The API answers it was drawn from that the service worker would keep for offline reading. */
  offlineReads: OfflineRead[];
  /** The platform's locale and currency the page was written in (decision 032). */
  formats?: FormatSettings;
}

/** The element that carries the state: JSON data, never run as a script (the CSP allows no inline script). */
export const FIRST_SCREEN_STATE_ID = 'grip-first-screen';

/** The state as the text of a `<script type="application/json">`: nothing in it can end the element. */
export function firstScreenStateScript(state: FirstScreenState): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>`;
}

/** The state the server drew this page's first screen from, or null when the browser draws it. */
export function readFirstScreenState(doc: Document): FirstScreenState | null {
  const text = doc.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreenState;
  } catch {
    return null;
  }
}

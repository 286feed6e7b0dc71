/**
 * The browser's offer to install the app. Chromium fires `beforeinstallprompt` once the app is
 * installable (manifest, icons, an active service worker), often before React has rendered, so this
 * listens from the first line of main.tsx and keeps the offer for the install banner. Safari and
 * Firefox never fire it: there the banner simply does not show.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallPromptState {
  offer: InstallPromptEvent | null;
  installed: boolean;
  /**
   * Whether the person has started using the page (a tap, a key, a scroll). The banner waits for it:
   * it then never covers what they came to see while the page loads, nor becomes its largest paint.
   */
  engaged: boolean;
}

const DISMISSED_KEY = 'grip:install-dismissed-at';
const listeners = new Set<() => void>();
let state: InstallPromptState = { offer: null, installed: false, engaged: false };

function set(next: Partial<InstallPromptState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function runsInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

let listening = false;

/** Starts listening for the offer (once; calling again starts over, as a new page would). */
export function startInstallPrompt() {
  set({ offer: null, installed: runsInstalled(), engaged: false });
  if (listening) return;
  listening = true;
  const engage = () => {
    if (!state.engaged) set({ engaged: true });
  };
  for (const type of ['pointerdown', 'keydown', 'scroll'] as const) {
    window.addEventListener(type, engage, { capture: true, passive: true });
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the banner asks, in the product's words.
    event.preventDefault();
    set({ offer: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ offer: null, installed: true }));
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installPromptState(): InstallPromptState {
  return state;
}

/** Shows the browser's install dialog; an offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = state.offer;
  if (!offer) return 'unavailable';
  set({ offer: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome;
}

export function installDismissedAt(): Date | null {
  try {
    const stored = localStorage.getItem(DISMISSED_KEY);
    const at = stored ? new Date(stored) : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  } catch {
    return null;
  }
}

export function dismissInstall(now: Date) {
  try {
    localStorage.setItem(DISMISSED_KEY, now.toISOString());
  } catch {
    // Storage blocked: the banner still hides for this visit (the state below changes).
  }
  for (const listener of listeners) listener();
}

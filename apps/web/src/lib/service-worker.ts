import { isNavigateMessage } from './push-notification';

/**
 * Registers the service worker (/sw.js, built from src/service-worker/sw.ts) in production builds,
 * and lets it navigate this tab when a push notification is clicked. The development server has no
 * worker, so push is off there.
 */
export function startServiceWorker(navigate: (url: string) => void) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (isNavigateMessage(event.data)) navigate(event.data.url);
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      // The app works without it; only push notifications are unavailable.
      console.warn('Service worker registration failed', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

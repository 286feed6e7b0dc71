import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (/manifest.webmanifest): what a phone or desktop needs to install Grip and
 * launch it like an app. Icons are rendered from the logo by scripts/make-icons.mjs. The shortcuts
 * are screens every signed-in role has (Settings sends a business owner on to Business Settings).
 */
export const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Grip',
  short_name: 'Grip',
  description: 'Post a service request and get quotes from local businesses.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0f766e',
  background_color: '#ffffff',
  categories: ['business', 'lifestyle', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Messages',
      url: '/messages',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Notifications',
      url: '/notifications',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Settings',
      url: '/settings',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};

import { useSession } from '@/features/auth/api/get-me';
import { preloadable } from '@/lib/preloadable';

// Drawn at once when its code is already here (preloadable): over the prerendered landing page
// (main.tsx waits for the code there) or a server-rendered home, a suspended first render would put
// a spinner where the page already was.
const LandingPage = preloadable('landing-page', () => import('@/features/landing/landing-page'));
const HomePage = preloadable('/ home', () => import('./home'));

export const loadLandingPage = LandingPage.preload;

/** The code `/` draws: the home once signed in, the landing page for a visitor. */
export const preloadIndexPage = (signedIn: boolean) =>
  signedIn ? HomePage.preload() : LandingPage.preload();

/**
 * `/`: the landing page for visitors, the customer home when signed in. The route guard in front of it
 * has already sent a business owner to their landing page.
 */
export default function IndexPage() {
  const { me } = useSession();
  return me ? <HomePage /> : <LandingPage />;
}

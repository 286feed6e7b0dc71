import { lazy } from 'react';
import { useSession } from '@/features/auth/api/get-me';

export const loadLandingPage = () => import('@/features/landing/landing-page');
const LandingPage = lazy(loadLandingPage);
const HomePage = lazy(() => import('./home'));

/**
 * `/`: the landing page for visitors, the customer home when signed in. The route guard in front of it
 * has already sent a business owner to their landing page.
 */
export default function IndexPage() {
  const { me } = useSession();
  return me ? <HomePage /> : <LandingPage />;
}

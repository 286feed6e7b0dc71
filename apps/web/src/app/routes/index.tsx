import { lazy, useState, type ComponentType } from 'react';
import { useSession } from '@/features/auth/api/get-me';

let landingPageModule: { default: ComponentType } | undefined;
export const loadLandingPage = () =>
  import('@/features/landing/landing-page').then((module) => (landingPageModule = module));
const LazyLandingPage = lazy(loadLandingPage);
const HomePage = lazy(() => import('./home'));

/**
 * Drawn at once when its code is already here: over the prerendered landing page (main.tsx waits for
 * the code there), a suspended first render would put a spinner where the page already was. Chosen
 * once per mount, so the page is never remounted (the assistant keeps its conversation).
 */
function LandingPage() {
  const [Page] = useState<ComponentType>(() => landingPageModule?.default ?? LazyLandingPage);
  return <Page />;
}

/**
 * `/`: the landing page for visitors, the customer home when signed in. The route guard in front of it
 * has already sent a business owner to their landing page.
 */
export default function IndexPage() {
  const { me } = useSession();
  return me ? <HomePage /> : <LandingPage />;
}

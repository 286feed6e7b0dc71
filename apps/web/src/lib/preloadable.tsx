import { lazy, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * A lazily loaded component that draws at once when its code is already here, instead of suspending
 * for one tick as `React.lazy` does even then. A server-rendered first screen (app/entry-server.tsx)
 * loads its page before drawing it, and the browser loads the same code before hydrating, so neither
 * shows a fallback where the page already is. Chosen once per mount: a mounted page never remounts.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        // A failed download may succeed on the next try (a new deploy, a flaky network).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

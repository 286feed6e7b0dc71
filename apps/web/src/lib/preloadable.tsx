import { lazy, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/** Every preloadable component by id, so the browser can load what the server drew before hydrating. */
const registry = new Map<string, () => Promise<unknown>>();

/** While the server draws a first screen (synchronously): the preloadables drawn, and the code asked for. */
let drawing: { drawn: Set<string>; loading: Promise<unknown>[] } | null = null;

/**
 * Runs one synchronous server render and says which preloadable components it drew (their ids, for
 * the browser to load before hydrating) and which were not loaded yet (drawn as their fallback: the
 * server loads them and draws again).
 */
export function drawCollecting<T>(draw: () => T): {
  result: T;
  drawn: string[];
  loading: Promise<unknown>[];
} {
  const collected = { drawn: new Set<string>(), loading: [] as Promise<unknown>[] };
  drawing = collected;
  try {
    return { result: draw(), drawn: [...collected.drawn], loading: collected.loading };
  } finally {
    drawing = null;
  }
}

/**
 * Loads the code of the preloadable components a server-drawn screen showed (decision 024), in as
 * many steps as they nest (a page's own parts register once the page's code is here). Never rejects:
 * what failed to load shows when it renders.
 */
export async function loadDrawn(ids: readonly string[]): Promise<void> {
  let waiting = [...ids];
  while (waiting.length > 0) {
    const known = waiting.filter((id) => registry.has(id));
    if (known.length === 0) return;
    waiting = waiting.filter((id) => !registry.has(id));
    await Promise.all(known.map((id) => registry.get(id)!().catch(() => undefined)));
  }
}

/**
 * Loads every registered component whose id passes `which` (the web tests load the dialog forms up
 * front, so a test opens a dialog and finds its fields as a user would once the code is here).
 */
export async function preloadRegistered(which: (id: string) => boolean): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    // A loaded part may register the parts it nests: go on until no new one appears.
    const ids = [...registry.keys()].filter((id) => !done.has(id) && which(id));
    if (ids.length === 0) return;
    for (const id of ids) done.add(id);
    await loadDrawn(ids);
  }
}

/**
 * A lazily loaded component that draws at once when its code is already here, instead of suspending
 * for one tick as `React.lazy` does even then. A server-drawn first screen names the ones it drew and
 * the browser loads them before hydrating, so neither shows a fallback where the page already is.
 * Chosen once per mount: a mounted page never remounts.
 */
export function preloadable<P extends object>(id: string, load: () => Promise<Module<P>>) {
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
  registry.set(id, preload);
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    if (drawing) {
      drawing.drawn.add(id);
      if (!loaded) drawing.loading.push(preload());
    }
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

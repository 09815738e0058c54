import { lazy, type ComponentType, type JSX } from 'react';

/** A view loaded on first use that can also be loaded ahead, before it is drawn. */
export interface LazyScreen<P extends object = object> {
  (props: P): JSX.Element;
  /** Loads the view's file; once done, the view draws at once instead of suspending. */
  preload: () => Promise<void>;
}

/**
 * `lazy`, plus `preload`: the app loads the screen of the address it opens on
 * before its first render (main.tsx), so the first paint is the whole screen,
 * not a frame with a spinner followed by the screen; the wizard loads its next
 * step while the current one is filled in. A view not preloaded suspends as
 * with `lazy` (the Suspense fallback shows while it loads).
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    });
    return loading;
  };
  const Suspending = lazy(start);
  const View = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  };
  View.preload = () =>
    start().then(
      () => undefined,
      // A failed load is the Suspense path's to show (it asks again when drawn).
      () => {
        loading = undefined;
      },
    );
  return View;
}

/** `lazyView` of a screen file (its default export), as the route tables name them. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  return lazyView(() => load().then((module) => module.default));
}

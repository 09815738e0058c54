import { lazy, type ComponentType, type JSX } from 'react';

/** A screen loaded on first visit that can also be loaded ahead, before it is drawn. */
export interface LazyScreen {
  (): JSX.Element;
  /** Loads the screen's file; once done, the screen draws at once instead of suspending. */
  preload: () => Promise<void>;
}

/**
 * `lazy`, plus `preload`: the app loads the screens of the address it opens on
 * before its first render (main.tsx), so the first paint is the whole screen,
 * not a frame with a spinner followed by the screen. A screen not preloaded
 * suspends as with `lazy` (the Suspense fallback shows while it loads).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Suspending = lazy(start);
  const Screen = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  };
  Screen.preload = () =>
    start().then(
      () => undefined,
      // A failed load is the Suspense path's to show (it asks again when drawn).
      () => {
        loading = undefined;
      },
    );
  return Screen;
}

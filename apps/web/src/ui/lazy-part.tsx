import { lazy, useState, type ComponentType } from 'react';

/**
 * A part of a screen whose code loads later, like `React.lazy`, with one difference: once its module has loaded
 * (asked for early with `preload`), the part renders at once.
 *
 * `React.lazy` suspends on its first render even when the module is already there, so its Suspense boundary
 * commits the fallback first. React then holds the content back until 300 ms after that fallback appeared (its
 * fallback throttle): a part loaded in time still showed up to 300 ms late (decision 057).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Part: ComponentType<P>; preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => loadAndKeep().then((component) => ({ default: component })));
  return {
    Part(props: P) {
      // chosen once per mount: turning from the lazy wrapper to the loaded component later would remount the part
      // and lose its state
      const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
      return <Component {...props} />;
    },
    // never fails: a module that could not load is seen (and shown by the error boundary) when the part renders
    preload: () =>
      loadAndKeep().then(
        () => undefined,
        () => undefined,
      ),
  };
}

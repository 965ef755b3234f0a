/**
 * A lazily loaded chunk, downloaded once: later calls share the first download, and a failed one
 * (the connection dropped) is tried again by the next call. `current()` is what has arrived, or null.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; current: () => T | null } {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    current: () => loaded,
    load: () => {
      if (loaded) return Promise.resolve(loaded);
      loading ??= load().then(
        (value) => (loaded = value),
        (e: unknown) => {
          loading = null;
          throw e;
        },
      );
      return loading;
    },
  };
}

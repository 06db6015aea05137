import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { SnackbarContext, type EnqueueSnackbar } from '../lib/snackbar';

const Snackbars = lazy(() => import('./snackbars'));

/**
 * Gives the pages enqueueSnackbar; notistack (and its styles) is downloaded with the first message,
 * which shows as soon as it is there, and so do the ones sent meanwhile, in order.
 */
export function SnackbarHost({ children }: { children: ReactNode }) {
  const show = useRef<EnqueueSnackbar | null>(null);
  const waiting = useRef<Parameters<EnqueueSnackbar>[]>([]);
  const [wanted, setWanted] = useState(false);
  const value = useMemo<{ enqueueSnackbar: EnqueueSnackbar }>(
    () => ({
      enqueueSnackbar: (message, options) => {
        if (show.current) return show.current(message, options);
        waiting.current.push([message, options]);
        setWanted(true);
      },
    }),
    [],
  );
  const onReady = useCallback((enqueue: EnqueueSnackbar) => {
    show.current = enqueue;
    for (const args of waiting.current.splice(0)) enqueue(...args);
  }, []);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Snackbars onReady={onReady} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}

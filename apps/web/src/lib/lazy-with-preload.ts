import { lazy, type ComponentType } from 'react';

/**
 * A lazy component (its own chunk) that can also be asked to start downloading before it renders,
 * e.g. when the pointer or the focus reaches what opens it (a failure shows when it renders).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return Object.assign(lazy(load), { preload: () => void load().catch(() => undefined) });
}

/** Runs `task` when the browser is idle after the page has drawn (a moment later where it cannot tell). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

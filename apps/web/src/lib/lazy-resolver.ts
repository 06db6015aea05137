import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver loaded on its first use (the first submit): the page renders without the
 * validation code (zod, the contract's schemas). `load` runs once (again only after a failed
 * download); `preload` starts it early, e.g. on the form's first input.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> & { preload: () => void } {
  let loaded: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  const get = () => (loaded ??= load().catch((error: unknown) => {
    loaded = undefined; // a failed download is tried again on the next submit
    throw error;
  }));
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as Resolver<TFieldValues, TContext, TTransformed>;
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * What a form holds for a contract schema's input: every text as a string ('' when empty; the
 * schema turns '' into null), nested objects the same way, other values as the schema takes them.
 */
export type FormValuesOf<T> = { [K in keyof T]-?: FormValue<Exclude<T[K], null | undefined>> };
type FormValue<V> = V extends string ? string : V extends readonly unknown[] ? V : V extends object ? FormValuesOf<V> : V;

/** Names the form values that the schema would not accept, when there are any. */
type AcceptedBy<TValues, S extends z.ZodType> = [TValues] extends [z.input<S>] ? unknown : { formValuesNotAcceptedBySchema: TValues };

/**
 * `formResolver<FormValues>()(schema)`: the resolver of a form whose values the contract schema accepts as input. The compiler checks
 * that here (a form that drifts from its schema does not build); the submit handler gets the
 * schema's output. One cast: react-hook-form wants the resolver typed by the form's own values,
 * and a schema's input is wider than them (it also takes null and missing fields).
 */
export const formResolver =
  <TValues extends FieldValues>() =>
  <S extends z.ZodType<unknown, FieldValues>>(schema: S & AcceptedBy<TValues, S>): Resolver<TValues, unknown, z.output<S>> =>
    zodResolver(schema) as unknown as Resolver<TValues, unknown, z.output<S>>;

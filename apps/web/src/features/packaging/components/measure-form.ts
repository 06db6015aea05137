import type { TPackageAxes } from '@colete/contract';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/** A package's weight and sides as typed (text), in the packaging lists' axis names. */
export type AxesText = TPackageAxes<string>;
export const EMPTY_AXES: AxesText = { weight: '', xLength: '', yLength: '', zLength: '' };
export const AXES_FIELDS: { key: keyof AxesText; label: string }[] = [
  { key: 'weight', label: 'Greutate (kg)' },
  { key: 'xLength', label: 'Lungime (cm)' },
  { key: 'yLength', label: 'Latime (cm)' },
  { key: 'zLength', label: 'Inaltime (cm)' },
];

/** Text to a number for the schema: empty stays missing (the 'required' message), '2,5' is 2.5. */
export const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));
export const axesToNumbers = (a: AxesText) => ({ weight: toNumber(a.weight), xLength: toNumber(a.xLength), yLength: toNumber(a.yLength), zLength: toNumber(a.zLength) });
export const axesToText = (a: TPackageAxes): AxesText => ({ weight: String(a.weight), xLength: String(a.xLength), yLength: String(a.yLength), zLength: String(a.zLength) });

/** The schema's messages by field path ('packages.0.weight'), or the request it accepted. */
export function checkWith<S extends z.ZodType>(schema: S, input: unknown): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

/** A refusal's field messages from the server (its paths as the form's), when it names fields. */
export const serverFieldErrors = (error: unknown, prefix = ''): Record<string, string> | null =>
  error instanceof ApiError && error.errors
    ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]))
    : null;

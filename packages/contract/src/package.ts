import { z } from './zod.js';
import { shipmentsMessages } from './messages/shipments.js';

/**
 * The package: one type, one set of limits and one envelope rule (spec 001 section 9 and its
 * "Package fields"), for the shipments, the packaging templates and saved packages, and the store's
 * packing. Weights in kilograms at the API (whole grams when stored), sides in centimetres.
 */

/** Spec 001 section 9: package minimums and envelope limits. */
export const PACKAGE_LIMITS = {
  minWeightKg: 0.1,
  minWidthCm: 1,
  minLengthCm: 1,
  minHeightCm: 3,
  envelope: { maxWeightKg: 1, maxHeightCm: 6, maxWidthCm: 25, maxLengthCm: 25, count: 1 },
  maxPackages: 20,
  maxWeightKg: 1000,
  maxSideCm: 600,
} as const;

export const PACKAGE_TYPES = ['envelope', 'parcel'] as const;
export type TPackageType = (typeof PACKAGE_TYPES)[number];
/** Package type codes (spec 001 section 9): 1 envelope, 2 parcel. */
export const PACKAGE_TYPE_CODES = { envelope: 1, parcel: 2 } as const satisfies Record<TPackageType, number>;

const s = () => shipmentsMessages;
const L = PACKAGE_LIMITS;

/** Each measure's rule and messages (the same on every form and call that takes a package). */
export const PACKAGE_FIELDS = {
  weight: z.number({ error: () => s().weightRequired }).min(L.minWeightKg, { error: () => s().weightMin }).max(L.maxWeightKg, { error: () => s().weightMax }),
  length: z.number({ error: () => s().lengthRequired }).min(L.minLengthCm, { error: () => s().lengthMin }).max(L.maxSideCm, { error: () => s().sideMax }),
  width: z.number({ error: () => s().widthRequired }).min(L.minWidthCm, { error: () => s().widthMin }).max(L.maxSideCm, { error: () => s().sideMax }),
  height: z.number({ error: () => s().heightRequired }).min(L.minHeightCm, { error: () => s().heightMin }).max(L.maxSideCm, { error: () => s().sideMax }),
};

/** A package's weight and sides as the spec names them for an order's packages. */
export type TPackageMeasures<T = number> = { weight: T; length: T; width: T; height: T };
export const ZPackageMeasures = z.object(PACKAGE_FIELDS);

/** The same measure by measure (text typed on a page to numbers, and back). */
export const mapPackageMeasures = <A, B>(p: TPackageMeasures<A>, f: (value: A) => B): TPackageMeasures<B> => ({
  weight: f(p.weight),
  length: f(p.length),
  width: f(p.width),
  height: f(p.height),
});

/**
 * The packaging lists name the sides by axis (spec 001 section 3 "Package": xLength, yLength,
 * zLength): xLength is the length, yLength the width, zLength the height (the 3 cm minimum side).
 * These are the only mapping between the two namings.
 */
export type TPackageAxes<T = number> = { weight: T; xLength: T; yLength: T; zLength: T };
export const PACKAGE_AXES = { weight: 'weight', length: 'xLength', width: 'yLength', height: 'zLength' } as const satisfies Record<keyof TPackageMeasures, keyof TPackageAxes>;
export const toPackageAxes = <T>(p: TPackageMeasures<T>): TPackageAxes<T> => ({ weight: p.weight, xLength: p.length, yLength: p.width, zLength: p.height });
export const fromPackageAxes = <T>(p: TPackageAxes<T>): TPackageMeasures<T> => ({ weight: p.weight, length: p.xLength, width: p.yLength, height: p.zLength });
export const ZPackageAxes = z.object({ weight: PACKAGE_FIELDS.weight, xLength: PACKAGE_FIELDS.length, yLength: PACKAGE_FIELDS.width, zLength: PACKAGE_FIELDS.height });

type Issues = z.core.ParsePayload<unknown>['issues'];

/** The envelope rule on one package: an issue on each measure over the envelope's limits, at `path(measure)`. */
export function checkEnvelope(issues: Issues, p: TPackageMeasures, path: (measure: keyof TPackageMeasures) => PropertyKey[]) {
  const e = L.envelope;
  const over = (measure: keyof TPackageMeasures, max: number, message: string) => {
    if (p[measure] > max) issues.push({ code: 'custom', path: path(measure), message, input: p[measure] });
  };
  over('weight', e.maxWeightKg, s().envelopeWeight);
  over('height', e.maxHeightCm, s().envelopeHeight);
  over('width', e.maxWidthCm, s().envelopeSize);
  over('length', e.maxLengthCm, s().envelopeSize);
}

/** An envelope travels alone: one package in the shipment (or template). */
export function checkEnvelopeCount(issues: Issues, packages: unknown[], path: PropertyKey[]) {
  if (packages.length !== L.envelope.count) issues.push({ code: 'custom', path, message: s().envelopeSingle, input: packages });
}

/** The packages of a shipment or template: at least one, at most the limit. */
export const packageList = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, { error: () => s().packagesRequired }).max(L.maxPackages, { error: () => s().packagesMax });

/** Volume in cubic centimetres, rounded. */
export const packageVolumeCm3 = (p: Omit<TPackageMeasures, 'weight'>) => Math.round(p.length * p.width * p.height);

/** Kilograms (the API) to whole grams (what is stored), and back. */
export const kgToGrams = (kg: number) => Math.round(kg * 1000);
export const gramsToKg = (grams: number) => grams / 1000;

/** A package as the server stores it and hands it to a courier: whole grams and centimetres. */
export type TStoredPackage = { type: TPackageType; weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };

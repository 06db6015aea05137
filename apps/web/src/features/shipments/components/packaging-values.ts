import { fromPackageAxes, mapPackageMeasures, toPackageAxes, type TPackageAxes, type TPackagingContentInput, type TPackagingTemplate, type TSavedPackage } from '@colete/contract';
import type { PackageValues, ShipmentFormValues } from './shipment-form';
import { toNumber } from './shipment-format';

/**
 * Between the page's packages (typed text: length, width, height) and the packaging contract
 * (numbers by axis: the contract's toPackageAxes/fromPackageAxes name them).
 */
const text = (n: number) => String(n).replace('.', ',');

export const packageSizes = (p: PackageValues): TPackageAxes => toPackageAxes(mapPackageMeasures(p, toNumber));

export const fromSizes = (p: TPackageAxes): PackageValues => mapPackageMeasures(fromPackageAxes(p), text);

export const fromSavedPackage = (p: TSavedPackage): PackageValues => fromSizes(p);

/** What a packaging template puts on the page: envelope or parcels, their sizes, and its content (when it has one). */
export const fromPackagingTemplate = (t: TPackagingTemplate): Pick<ShipmentFormValues, 'packageType' | 'packages'> & { content: string } => ({
  packageType: t.template.envelope ? 'envelope' : 'parcel',
  packages: t.template.packages.map(fromSizes),
  content: t.template.content,
});

/** The page's packages and content as a packaging template (the page has no documents choice). */
export const toPackagingContent = (values: ShipmentFormValues): TPackagingContentInput => ({
  content: values.content.trim(),
  envelope: values.packageType === 'envelope',
  isDocuments: false,
  packages: values.packages.map((p) => ({ name: '', ...packageSizes(p) })),
});

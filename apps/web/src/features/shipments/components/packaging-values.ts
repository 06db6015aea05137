import type { TPackagingContentInput, TPackagingTemplate, TSavedPackage } from '@colete/contract';
import type { PackageValues, ShipmentFormValues } from './shipment-form';
import { toNumber } from './shipment-format';

/**
 * Between the page's packages (typed text: length, width, height) and the packaging contract
 * (numbers: xLength is the length, yLength the width, zLength the height).
 */
const text = (n: number) => String(n).replace('.', ',');

export const packageSizes = (p: PackageValues) => ({ weight: toNumber(p.weight), xLength: toNumber(p.length), yLength: toNumber(p.width), zLength: toNumber(p.height) });

export const fromSizes = (p: { weight: number; xLength: number; yLength: number; zLength: number }): PackageValues => ({
  weight: text(p.weight),
  length: text(p.xLength),
  width: text(p.yLength),
  height: text(p.zLength),
});

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

import { mapPackageMeasures, ZShipmentDraft, type TPackageMeasures, type TPackageType, type TShipmentDraft, type TShipmentParty } from '@colete/contract';
import type { FieldPath } from 'react-hook-form';
import { toNumber } from './shipment-format';

/** The page's own part of the draft (packages, content, options), as typed: numbers stay text until sent. */
export type PackageValues = TPackageMeasures<string>;
export type ShipmentFormValues = {
  packageType: TPackageType;
  packages: PackageValues[];
  content: string;
  clientReference: string;
  options: {
    cod: { active: boolean; amount: string };
    insurance: { active: boolean; amount: string };
    openAtDelivery: boolean;
    saturdayDelivery: boolean;
  };
};

/** The field message of a form path (what the contract says of the draft, shown once the field was touched). */
export type ShipmentErrorFor = (path: FieldPath<ShipmentFormValues>) => string | undefined;

export const EMPTY_PACKAGE: PackageValues = { weight: '', length: '', width: '', height: '' };

export const EMPTY_SHIPMENT: ShipmentFormValues = {
  packageType: 'parcel',
  packages: [EMPTY_PACKAGE],
  content: '',
  clientReference: '',
  options: { cod: { active: false, amount: '' }, insurance: { active: false, amount: '' }, openAtDelivery: false, saturdayDelivery: false },
};

/** The draft the offers and the save calls send (an amount counts only while its option is on). */
export function toDraft(values: ShipmentFormValues, sender: TShipmentParty | null, recipient: TShipmentParty | null): TShipmentDraft {
  const o = values.options;
  return {
    // A missing party is sent as an empty object so the contract names what is missing.
    sender: sender ?? ({} as TShipmentParty),
    recipient: recipient ?? ({} as TShipmentParty),
    packages: values.packages.map((p) => ({ type: values.packageType, ...mapPackageMeasures(p, toNumber) })),
    content: values.content,
    clientReference: values.clientReference.trim() ? values.clientReference : null,
    options: {
      cod: { active: o.cod.active, amount: o.cod.active ? toNumber(o.cod.amount) : 0 },
      insurance: { active: o.insurance.active, amount: o.insurance.active ? toNumber(o.insurance.amount) : 0 },
      openAtDelivery: o.openAtDelivery,
      saturdayDelivery: o.saturdayDelivery,
    },
  };
}

/** The contract's verdict on the whole draft: its messages by path ('packages.0.weight'), empty when valid. */
export function draftErrors(draft: TShipmentDraft): Record<string, string> {
  const result = ZShipmentDraft.safeParse(draft);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

import { formatBaniInput, leiToBaniText, type TDraftFormParty, type TShipmentDraftFormResponse } from '@colete/contract';
import { EMPTY_PARTY, type PartyValues } from './party-form';
import type { ShipmentFormValues } from './shipment-form';

/** A number as the form's fields hold it: text with a decimal comma. */
const numberText = (n: number) => String(n).replace('.', ',');
/** An amount in lei as the form's money fields hold it: '328,00'. */
const moneyText = (lei: number) => formatBaniInput(leiToBaniText(lei) ?? 0);

/**
 * A saved party as the new-shipment form holds it ('' for what it lacks). The second phone, which
 * the form does not ask for, rides along unchanged (the draft sends the form's values as they are).
 */
export function savedPartyValues(party: TDraftFormParty): PartyValues {
  const values: Record<string, unknown> = { ...EMPTY_PARTY };
  for (const [field, value] of Object.entries(party)) values[field] = value ?? '';
  return values as PartyValues;
}

/** A saved draft's parcels, content, reference and options as the new-shipment form holds them. */
export function savedShipmentValues(draft: TShipmentDraftFormResponse['draft']): ShipmentFormValues {
  const o = draft.options;
  return {
    packageType: draft.packages[0]?.type ?? 'parcel',
    packages: draft.packages.map((p) => ({ weight: numberText(p.weight), length: numberText(p.length), width: numberText(p.width), height: numberText(p.height) })),
    content: draft.content,
    clientReference: draft.clientReference ?? '',
    options: {
      cod: { active: o.cod.active, amount: o.cod.active ? moneyText(o.cod.amount) : '' },
      insurance: { active: o.insurance.active, amount: o.insurance.active ? moneyText(o.insurance.amount) : '' },
      openAtDelivery: o.openAtDelivery,
      saturdayDelivery: o.saturdayDelivery,
    },
  };
}

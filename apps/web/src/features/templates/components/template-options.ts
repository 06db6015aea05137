import { TEMPLATE_ADDITIONAL_OPTIONS, type TEMPLATE_EXTRA_OPTIONS, type TTemplateOptions } from '@colete/contract';

export type ExtraOption = (typeof TEMPLATE_EXTRA_OPTIONS)[number];

/** The extra options as the merchant reads them (spec 001 section 2). */
export const OPTION_LABELS: Record<ExtraOption, string> = {
  allowRepayment: 'Ramburs',
  allowClientReference: 'Referinta client',
  additional: 'Servicii aditionale',
  allowSaturdayDelivery: 'Livrare sambata',
  allowOpenAtDestination: 'Deschidere la livrare',
  allowDocumentsReturn: 'Retur documente',
  allowPackageExchange: 'Schimb de colet',
};

const isAdditional = (key: ExtraOption) => (TEMPLATE_ADDITIONAL_OPTIONS as readonly string[]).includes(key);

/**
 * One option switched: 'additional' turns its four sub-options on or off together; a sub-option
 * turned on turns 'additional' on, and the last one turned off turns it off.
 */
export function setOption(options: TTemplateOptions, key: ExtraOption, value: boolean): TTemplateOptions {
  if (key === 'additional') return { ...options, additional: value, ...Object.fromEntries(TEMPLATE_ADDITIONAL_OPTIONS.map((k) => [k, value])) };
  const next = { ...options, [key]: value };
  if (isAdditional(key)) next.additional = TEMPLATE_ADDITIONAL_OPTIONS.some((k) => next[k]);
  return next;
}

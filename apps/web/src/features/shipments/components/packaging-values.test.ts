import { ZPackagingContent, type TPackagingTemplate } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { fromPackagingTemplate, fromSavedPackage, toPackagingContent } from './packaging-values';
import { EMPTY_SHIPMENT, type ShipmentFormValues } from './shipment-form';

const values = (over: Partial<ShipmentFormValues>): ShipmentFormValues => ({ ...EMPTY_SHIPMENT, ...over });

describe('packaging values of the new-shipment page', () => {
  it('keeps the typed parcels as a template: length, width, height as xLength, yLength, zLength; decimal commas read', () => {
    const content = toPackagingContent(
      values({
        packageType: 'parcel',
        content: '  Carti ',
        packages: [
          { weight: '2,5', length: '30', width: '20', height: '15' },
          { weight: '1', length: '20', width: '10', height: '5' },
        ],
      }),
    );
    expect(content).toEqual({
      content: 'Carti',
      envelope: false,
      isDocuments: false,
      packages: [
        { name: '', weight: 2.5, xLength: 30, yLength: 20, zLength: 15 },
        { name: '', weight: 1, xLength: 20, yLength: 10, zLength: 5 },
      ],
    });
    expect(ZPackagingContent.safeParse(content).success).toBe(true);
  });

  it('an envelope over its limits or an empty field is refused by the contract', () => {
    const envelope = toPackagingContent(values({ packageType: 'envelope', packages: [{ weight: '2', length: '20', width: '15', height: '1' }] }));
    expect(envelope.envelope).toBe(true);
    expect(ZPackagingContent.safeParse(envelope).success).toBe(false);
    const empty = toPackagingContent(values({ packages: [{ weight: '', length: '20', width: '15', height: '5' }] }));
    expect(ZPackagingContent.safeParse(empty).success).toBe(false);
  });

  it('fills the page from a template and from a saved package, in the page\'s own notation', () => {
    const template: TPackagingTemplate = {
      id: 1,
      name: 'Plic acte',
      favourite: true,
      template: { content: 'Acte', envelope: true, isDocuments: true, packages: [{ name: '', weight: 0.3, xLength: 24, yLength: 16, zLength: 3, volume: 1152 }] },
    };
    expect(fromPackagingTemplate(template)).toEqual({ packageType: 'envelope', content: 'Acte', packages: [{ weight: '0,3', length: '24', width: '16', height: '3' }] });
    expect(fromSavedPackage({ id: 2, name: 'Cutie', weight: 1.25, xLength: 40, yLength: 30, zLength: 20 })).toEqual({ weight: '1,25', length: '40', width: '30', height: '20' });
  });
});

import { gramsToKg, kgToGrams, type TPackage } from '@colete/contract';
import type { ShipmentPackage } from '../db/schema/shipments.js';

/**
 * A package as stored (whole grams, centimetres) and as the API speaks it (kilograms): the one
 * conversion between the two, for the shipments and (soon) the store's packing.
 */
export const storedPackage = (p: TPackage): ShipmentPackage => ({
  type: p.type,
  weightGrams: kgToGrams(p.weight),
  lengthCm: p.length,
  widthCm: p.width,
  heightCm: p.height,
});
export const formPackage = (p: ShipmentPackage): TPackage => ({ type: p.type, weight: gramsToKg(p.weightGrams), length: p.lengthCm, width: p.widthCm, height: p.heightCm });

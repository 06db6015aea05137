import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import {
  fromPackageAxes,
  gramsToKg,
  kgToGrams,
  mapPackageMeasures,
  PACKAGE_AXES,
  PACKAGE_LIMITS,
  packageVolumeCm3,
  toPackageAxes,
  type TPackageMeasures,
} from './package.js';
import { packageVolume, ZPackagingContent, ZSavedPackageAddRequest } from './packaging.js';
import { ZPackage } from './shipments.js';

const s = messages.shipments;
const L = PACKAGE_LIMITS;
const ok: TPackageMeasures = { weight: 0.5, length: 20, width: 15, height: 3 };

/** The messages by path of one package, as the order and as a packaging template (its paths mapped back to the order's names). */
function asOrder(type: 'envelope' | 'parcel', p: TPackageMeasures) {
  const r = ZPackage.safeParse({ type, ...p });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
function asTemplate(type: 'envelope' | 'parcel', p: TPackageMeasures) {
  const r = ZPackagingContent.safeParse({ envelope: type === 'envelope', packages: [{ name: '', ...toPackageAxes(p) }] });
  const byAxis = Object.fromEntries(Object.entries(PACKAGE_AXES).map(([measure, axis]) => [axis, measure]));
  return r.success ? [] : r.error.issues.map((i) => `${byAxis[String(i.path[2])] ?? i.path.join('.')}: ${i.message}`);
}

describe('the package rules', () => {
  it.each([
    ['weight at its minimum', { ...ok, weight: L.minWeightKg }, []],
    ['weight below its minimum', { ...ok, weight: 0.09 }, [`weight: ${s.weightMin}`]],
    ['weight over its maximum', { ...ok, weight: L.maxWeightKg + 1 }, [`weight: ${s.weightMax}`]],
    ['length below its minimum', { ...ok, length: 0.5 }, [`length: ${s.lengthMin}`]],
    ['width below its minimum', { ...ok, width: 0.5 }, [`width: ${s.widthMin}`]],
    ['height below its minimum', { ...ok, height: 2.9 }, [`height: ${s.heightMin}`]],
    ['a side over the maximum', { ...ok, length: L.maxSideCm + 1 }, [`length: ${s.sideMax}`]],
    ['an empty weight', { ...ok, weight: NaN }, [`weight: ${s.weightRequired}`]],
  ] as const)('a parcel: %s', (_, p, expected) => {
    expect(asOrder('parcel', p)).toEqual(expected);
    expect(asTemplate('parcel', p)).toEqual(expected);
  });

  it.each([
    ['within its limits', { weight: 1, length: 25, width: 25, height: 6 }, []],
    ['too heavy', { ...ok, weight: 1.01 }, [`weight: ${s.envelopeWeight}`]],
    ['too thick', { ...ok, height: 7 }, [`height: ${s.envelopeHeight}`]],
    ['too wide and too long', { ...ok, width: 26, length: 30 }, [`width: ${s.envelopeSize}`, `length: ${s.envelopeSize}`]],
    ['over everything', { weight: 2, length: 30, width: 30, height: 10 }, [`weight: ${s.envelopeWeight}`, `height: ${s.envelopeHeight}`, `width: ${s.envelopeSize}`, `length: ${s.envelopeSize}`]],
  ] as const)('an envelope %s: the same messages on the order and on a template', (_, p, expected) => {
    expect(asOrder('envelope', p)).toEqual(expected);
    expect(asTemplate('envelope', p)).toEqual(expected);
    // A parcel of the same measures is fine.
    expect(asOrder('parcel', p)).toEqual([]);
  });

  it('the order and the template agree on many packages (a seeded sweep around every limit)', () => {
    let seed = 12;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const near = (values: number[]) => values[Math.floor(random() * values.length)]!;
    for (let n = 0; n < 500; n++) {
      const p: TPackageMeasures = {
        weight: near([0.05, 0.1, 0.5, 1, 1.2, 999, 1000, 1001]),
        length: near([0.5, 1, 24, 25, 26, 600, 601]),
        width: near([0.5, 1, 24, 25, 26, 600, 601]),
        height: near([2, 3, 6, 7, 600, 601]),
      };
      for (const type of ['envelope', 'parcel'] as const) expect(asTemplate(type, p)).toEqual(asOrder(type, p));
    }
  });

  it('one envelope per shipment and per template; 1 to 20 packages', () => {
    const envelope = toPackageAxes({ weight: 0.2, length: 20, width: 15, height: 3 });
    expect(ZPackagingContent.safeParse({ envelope: true, packages: [envelope, envelope] }).error?.issues[0]?.message).toBe(s.envelopeSingle);
    expect(ZPackagingContent.safeParse({ packages: [] }).error?.issues[0]?.message).toBe(s.packagesRequired);
    expect(ZPackagingContent.safeParse({ packages: Array.from({ length: L.maxPackages }, () => envelope) }).success).toBe(true);
    expect(ZPackagingContent.safeParse({ packages: Array.from({ length: L.maxPackages + 1 }, () => envelope) }).error?.issues[0]?.message).toBe(s.packagesMax);
  });

  it('a saved package takes the same limits under the axis names', () => {
    const r = ZSavedPackageAddRequest.safeParse({ name: 'Cutie', weight: 0.05, xLength: 30, yLength: 20, zLength: 2 });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['weight', s.weightMin],
      ['zLength', s.heightMin],
    ]);
  });

  it('the axis names map both ways; measures map one by one', () => {
    expect(toPackageAxes(ok)).toEqual({ weight: 0.5, xLength: 20, yLength: 15, zLength: 3 });
    expect(fromPackageAxes(toPackageAxes(ok))).toEqual(ok);
    expect(mapPackageMeasures({ weight: '2,5', length: '30', width: '20', height: '' }, (t) => t.length)).toEqual({ weight: 3, length: 2, width: 2, height: 0 });
  });

  it('volume in cubic centimetres, rounded, by either naming', () => {
    expect(packageVolumeCm3({ length: 24, width: 16, height: 3 })).toBe(1152);
    expect(packageVolume({ weight: 1, xLength: 10.5, yLength: 10, zLength: 3.3 })).toBe(347);
  });

  it('kilograms to whole grams and back', () => {
    expect(kgToGrams(0.1)).toBe(100);
    expect(kgToGrams(2.5)).toBe(2500);
    expect(kgToGrams(0.0004)).toBe(0);
    expect(kgToGrams(1.2345)).toBe(1235);
    for (const grams of [100, 250, 1000, 1234, 999_999]) expect(kgToGrams(gramsToKg(grams))).toBe(grams);
  });
});

/** The bench's requests are picked with the server's seeded generator, so every run picks the same ones. */
export { seededRandom } from '../../apps/server/src/lib/seeded-random.js';

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** An integer in [min, max]. */
export const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

export function shuffle<T>(random: () => number, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What people type: often without diacritics. */
export const stripDiacritics = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

import type { TPackageAxes } from '@colete/contract';
import { formatNumber } from '../../lib/format';

const nr = (n: number) => formatNumber(n, 2);

/** '2,5 kg · 30 x 20 x 15 cm': weight, then length x width x height (xLength, yLength, zLength). */
export const packageSizesText = (p: TPackageAxes) => `${nr(p.weight)} kg · ${nr(p.xLength)} x ${nr(p.yLength)} x ${nr(p.zLength)} cm`;

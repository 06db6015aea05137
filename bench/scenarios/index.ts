import type { Scenario } from '../lib/types.js';
import { bare } from './bare.js';
import { courierScenarios } from './couriers.js';
import { geoScenarios } from './geo.js';
import { shipmentScenarios } from './shipments.js';

/**
 * Every scenario `npm run bench` runs, in order; the baseline comes first. A new scenario is one
 * object (see lib/types.ts): its name, how it prepares its data, the requests it rotates
 * through and its p95 target.
 */
export const scenarios: Scenario[] = [bare, ...geoScenarios, ...courierScenarios, ...shipmentScenarios];

import type { Scenario } from '../lib/types.js';
import { balanceScenarios } from './balance.js';
import { bare } from './bare.js';
import { courierScenarios } from './couriers.js';
import { dashboardScenarios } from './dashboard.js';
import { customersSearchScenario } from './customers.js';
import { einvoiceScenarios } from './einvoice.js';
import { einvoiceSendScenarios } from './einvoice-send.js';
import { geoScenarios } from './geo.js';
import { shipmentScenarios } from './shipments.js';
import { repaymentScenarios } from './repayments.js';
import { storeScenarios } from './store.js';
import { storeBulkScenarios } from './store-bulk.js';
import { load } from './load.js';
import { uploadsScenario } from './uploads.js';

/**
 * Every scenario `npm run bench` runs, in order; the baseline comes first. A new scenario is one
 * object (see lib/types.ts): its name, how it prepares its data, the requests it rotates
 * through and its p95 target.
 */
export const scenarios: Scenario[] = [bare, ...geoScenarios, ...courierScenarios, ...shipmentScenarios, ...storeScenarios, ...storeBulkScenarios, ...balanceScenarios, ...repaymentScenarios, uploadsScenario, ...einvoiceScenarios, ...einvoiceSendScenarios, ...dashboardScenarios, customersSearchScenario, load];

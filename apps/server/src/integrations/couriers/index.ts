import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { CourierNetwork } from './courier-network.js';
import { samedayCourierNetwork, type SamedayNetworkOptions } from './sameday.js';
import { simulatedCourierNetwork } from './simulator.js';

type CouriersConfig = Partial<Pick<Config, 'couriers' | 'sameday' | 'courierSimMinutesPerStep' | 'now'>>;
/** What tests may swap in the real adapters (a fake fetch, short timeouts, a clock). */
export type CourierNetworkDeps = { sameday?: Partial<SamedayNetworkOptions> };

/**
 * The courier network the configuration names: the built-in simulator (default), or Sameday's
 * API alone. The simulated couriers are not mixed with a real one: their AWBs move no parcel, so
 * a client could pay for a shipment nobody carries (docs/decisions.md, Sameday adapter).
 */
export function courierNetworkFor(config: CouriersConfig, database: Database, deps: CourierNetworkDeps = {}): CourierNetwork {
  if (config.couriers === 'sameday') {
    // loadConfig refuses COURIERS=sameday without the account; a hand-made configuration gets the same answer.
    if (!config.sameday) throw new Error('COURIERS=sameday needs SAMEDAY_USERNAME and SAMEDAY_PASSWORD');
    return samedayCourierNetwork({ ...config.sameday, ...deps.sameday });
  }
  return simulatedCourierNetwork(database, { minutesPerStep: config.courierSimMinutesPerStep, now: config.now });
}
export { COD_REPORTS, COURIER_SIM_PREFIX, codReportsClient, injectFetch, linesOfRecords, REPORT_COLUMNS, simCourierApiKey } from './cod-reports.js';
export type { CodReportLine, CodReportShape, FetchLike } from './cod-reports.js';
export { courierReportSimulatorRoutes, simulatedTransfer } from './simulator-cod-reports.js';

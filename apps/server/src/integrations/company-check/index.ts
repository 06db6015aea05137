import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { anafCompanyCheck, sharedSpacer } from './anaf.js';
import type { CompanyCheck } from './company-check.js';
import { simulatedCompanyCheck } from './simulator.js';

/**
 * The company register the configuration names: the built-in simulator (default) or the tax
 * authority, its one call a second counted in the database (shared by every instance).
 */
export const companyCheckFor = (config: Pick<Config, 'companyCheck'>, db: Executor): CompanyCheck =>
  config.companyCheck === 'anaf' ? anafCompanyCheck({ spacer: sharedSpacer(db) }) : simulatedCompanyCheck();

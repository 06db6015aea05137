import type { Config } from '../../config.js';
import { anafCompanyCheck } from './anaf.js';
import type { CompanyCheck } from './company-check.js';
import { simulatedCompanyCheck } from './simulator.js';

/** The company register the configuration names: the built-in simulator (default) or the tax authority. */
export const companyCheckFor = (config: Pick<Config, 'companyCheck'>): CompanyCheck =>
  config.companyCheck === 'anaf' ? anafCompanyCheck() : simulatedCompanyCheck();

export { BANK_SIM_PREFIX, BankApiError, bankStatementsClient, SIM_BANK_CONSENT, simBankToken } from './bank-statements.js';
export type { BankStatementsClient } from './bank-statements.js';
export { bankSimulatorRoutes } from './bank-simulator.js';
export { buildCamt053, buildPain001, Camt053Error, parseCamt053 } from './iso20022.js';
export type { Camt053, CreditTransfer, ParsedStatement, StatementEntry } from './iso20022.js';

export { BANK_SIM_PREFIX, BankApiError, bankStatementsClient, SIM_BANK_CONSENT, simBankToken } from './bank-statements.js';
export type { BankStatementsClient } from './bank-statements.js';
export { bankSimulatorRoutes } from './bank-simulator.js';
export { buildCamt053, buildPain001 } from './iso20022.js';
export type { Camt053, CreditTransfer, StatementEntry } from './iso20022.js';
export { Camt053Error, parseCamt053, readCamt053 } from './camt053-read.js';
export type { ParsedStatement, SetAsideEntry } from './camt053-read.js';

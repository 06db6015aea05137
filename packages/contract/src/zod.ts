import { z } from 'zod';
import { commonMessages } from './messages/common.js';

/*
 * The contract's zod, with the catalogue's texts as its defaults: every schema module imports z
 * from here (never from 'zod'), so the configuration below runs wherever a schema exists, in the
 * server and in each lazy web chunk, while the catalogue itself stays free of zod.
 *
 * Zod's own English texts never reach a user: a rule without a message of its own says the
 * catalogue's "required" (nothing given) or "invalid" text. Rules with their own message keep it.
 */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? commonMessages.fieldRequired : commonMessages.fieldInvalid),
});

export { z };

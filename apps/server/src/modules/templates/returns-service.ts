import {
  RETURN_RATE_LIMITS,
  describeReturnAnswers,
  messages,
  pickPartyAddress,
  validateReturnForm,
  type TPublicTemplate,
  type TReturnSubmissionParsed,
} from '@colete/contract';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, notFound, tooManyRequests, underPath } from '../../lib/errors.js';
import { resolvePartyAddress } from '../addresses/index.js';
import { notifyReturnSubmitted } from '../mail/index.js';
import { createReturnDraft } from '../shipments/index.js';
import { sanitizeTerms } from './template-terms.js';
import { countReturnAttempts, findLogo, findPublicTemplate, forgetReturnAttempt, recordReturnAttempt } from './templates-queries.js';
import { logoUrl, optionsOf } from './templates-service.js';

const t = messages.templates;

/**
 * The public return page (/order/return/{uniqueId}): no sign-in. A deleted template is unknown (404).
 * A submission becomes a draft shipment of kind 'return' in the merchant's account, from the
 * customer to the template's address, with the answers copied (labels included) on the shipment,
 * and the merchant's 'Retururi' addresses are told (when that notification is on).
 */
export function returnsService(deps: {
  database: Database;
  now?: () => Date;
}) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function live(uniqueId: string) {
    const found = await findPublicTemplate(db, uniqueId);
    if (!found) throw notFound(t.notFound);
    return found;
  }

  return {
    async publicTemplate(uniqueId: string): Promise<TPublicTemplate> {
      const { template: row, merchant } = await live(uniqueId);
      const o = optionsOf(row);
      return {
        uniqueId: row.uniqueId,
        name: row.name,
        logo: logoUrl(row),
        merchantName: row.toAddress.contactCompany ?? merchant,
        offers: {
          allowRepayment: o.allowRepayment,
          allowClientReference: o.allowClientReference,
          allowSaturdayDelivery: o.additional && o.allowSaturdayDelivery,
          allowOpenAtDestination: o.additional && o.allowOpenAtDestination,
          allowDocumentsReturn: o.additional && o.allowDocumentsReturn,
          allowPackageExchange: o.additional && o.allowPackageExchange,
        },
        terms: sanitizeTerms(row.terms),
        returnForm: { enabled: o.return.enabled, isMandatory: o.return.isMandatory, fields: o.return.enabled ? o.return.fields : [] },
      };
    },

    logo: async (uniqueId: string) => findLogo(db, uniqueId),

    /** `notify: false`: the merchant is not told (the demo seed's return, like its shipments' history). */
    async submit(uniqueId: string, ip: string, body: TReturnSubmissionParsed, opts: { notify?: boolean } = {}) {
      const { template: row } = await live(uniqueId);
      const o = optionsOf(row);
      // Every message at once: the form's answers and the address the nomenclature refuses together.
      const errors = validateReturnForm(o.return, body.answers);
      const resolved = await underPath('address', () => resolvePartyAddress(db, body.address)).then(
        (r) => r.address,
        (err: unknown) => {
          if (!(err instanceof AppError) || err.statusCode !== 400 || !err.errors) throw err;
          Object.assign(errors, err.errors);
          return null;
        },
      );
      if (!resolved || Object.keys(errors).length > 0) throw badRequest(messages.common.invalidData, 'validation', errors);
      const fromCustomer = resolved;

      // Only accepted returns count against both limits: a refused (429) or failed submission is
      // forgotten, so one address hammering the form cannot use up the template's day. Recorded
      // before counting so parallel requests see each other (a burst may be refused together).
      const at = now();
      const attempt = await recordReturnAttempt(db, row.id, ip);
      try {
        const [fromAddress, forTemplate] = await Promise.all([
          countReturnAttempts(db, { ip }, new Date(at.getTime() - RETURN_RATE_LIMITS.perAddressWindowMs)),
          countReturnAttempts(db, { templateId: row.id }, new Date(at.getTime() - RETURN_RATE_LIMITS.perTemplateWindowMs)),
        ]);
        if (fromAddress > RETURN_RATE_LIMITS.perAddress || forTemplate > RETURN_RATE_LIMITS.perTemplate) throw tooManyRequests(t.returnTooMany);

        const returnAnswers = o.return.enabled ? describeReturnAnswers(o.return.fields, body.answers) : [];
        const clientReference = o.allowClientReference ? (body.clientReference ?? null) : null;
        // The draft and the merchant's 'Retururi' mail commit together: one mail per accepted return.
        const draft = await db.transaction(async (tx) => {
          const created = await createReturnDraft(tx, {
            userId: row.userId,
            sender: { ...fromCustomer, addressId: null },
            recipient: { ...pickPartyAddress(row.toAddress), addressId: row.toAddress.addressId },
            content: t.returnContent,
            clientReference,
            options: { openAtDelivery: o.additional && o.allowOpenAtDestination, saturdayDelivery: o.additional && o.allowSaturdayDelivery },
            at,
            extra: { templateId: row.id, templateUniqueId: row.uniqueId },
            returnAnswers,
          });
          if (opts.notify !== false) await notifyReturnSubmitted(tx, { userId: row.userId, reference: created.uniqueId, templateName: row.name, at, customer: fromCustomer, clientReference, answers: returnAnswers });
          return created;
        });
        return draft.uniqueId;
      } catch (err) {
        await forgetReturnAttempt(db, attempt);
        throw err;
      }
    },
  };
}
export type ReturnsService = ReturnType<typeof returnsService>;

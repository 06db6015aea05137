import { z } from './zod.js';
import { addressMessages } from './messages/address.js';
import { authMessages } from './messages/auth.js';
import { commonMessages } from './messages/common.js';
import { ZAddressFields } from './addresses.js';
import { PHONE_MAX_LENGTH } from './constants.js';

/*
 * The order page's delivery address card (issue 13; spec 001 section 2 "Store address form",
 * section 4 "Address correction", section 5 "Address form (store)" and "Contact"). The texts the
 * specification quotes come from `messages`; the rest are ours (docs/decisions.md, "The delivery
 * address and its correction").
 */

const m = addressMessages;

/** The card's forms are checked again this often while an asynchronous check (the phone) is pending (spec 001 section 9). */
export const REVALIDATE_PENDING_MS = 1000;

/**
 * 'Adresa Colete-Online' as its form checks it: postal code, city, county, street and number
 * required (spec 001 section 5); the other fields as the shared address form has them.
 */
export const ZStoreAddressFields = ZAddressFields.pick({ countyCode: true, city: true, postalCode: true, number: true, additionalInfo: true }).extend({
  street: z.string().trim().min(1, m.streetRequired).max(150, commonMessages.fieldInvalid),
});

/** The contact form: name required; phone only '+' and digits, at most 15 (then checked by the server); email optional. */
export const ZStoreContactFields = z.object({
  contactName: z.string().trim().min(1, m.contactNameRequired).max(100, commonMessages.fieldInvalid),
  contactCompany: z.string().trim().max(100, commonMessages.fieldInvalid),
  contactPhone: z
    .string()
    .trim()
    .min(1, commonMessages.fieldRequired)
    .max(PHONE_MAX_LENGTH, commonMessages.fieldInvalid)
    .regex(/^\+?\d+$/, commonMessages.fieldInvalid),
  contactEmail: z.string().trim().refine((e) => !e || z.email().safeParse(e).success, authMessages.emailInvalid),
});

export const STORE_ADDRESS_MESSAGES = {
  title: 'Adresa pentru livrarea produselor',
  storeAddress: 'Adresa din magazin',
  contact: 'Date de contact',
  internalAddress: 'Adresa Colete-Online',
  labels: {
    firstName: 'Prenume',
    lastName: 'Nume',
    company: 'Firma',
    phone: 'Telefon',
    provinceCity: 'Judet si localitate',
    zip: 'Cod postal',
    address1: 'Adresa (linia 1)',
    address2: 'Adresa (linia 2)',
  },
  corrected: 'Am corectat adresa din magazin:',
  combination: 'Judetul, localitatea si codul postal nu se potrivesc. Alegeti varianta corecta:',
  combinationField: 'Verificati judetul, localitatea si codul postal',
  street: 'Strada nu a fost gasita in localitate. Alegeti una dintre strazile sugerate:',
  streetNoSuggestion: 'Strada nu a fost gasita in localitate. Alegeti strada din lista.',
  streetField: 'Strada nu a fost gasita',
  unlockStreet: 'Alta strada',
  number: 'Completati numarul strazii: lipseste sau nu exista pe strada aleasa.',
  numberField: 'Numar lipsa sau inexistent',
  applied: 'aplicat',
} as const;

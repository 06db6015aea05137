import { ZPackagingTemplateAddRequest, ZReturnSubmission, ZSavedPackageAddRequest, ZTemplateSaveRequest } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../services.js';
import type { Database } from './client.js';
import { addresses } from './schema/addresses.js';
import { appMeta } from './schema/meta.js';
import { packagingTemplates } from './schema/packaging.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_templates_seeded_at';
const IBAN = 'RO49AAAA1B31007593840000';

/** The return form of the demo shop: a title, a text, a reason, an email, a refund choice with IBAN, a date, checkboxes and a products table. */
const RETURN_FIELDS = [
  { id: 'titlu', type: 'title', config: { text: 'Formular de retur', size: 'large', position: 'center', weight: 'bold' } },
  { id: 'intro', type: 'paragraph', config: { text: 'Completati formularul, iar curierul va ridica coletul de la adresa indicata.' } },
  { id: 'comanda', type: 'text-input', config: { label: 'Numarul comenzii', placeholder: 'ex. 10045', isMandatory: true, minLength: 3, maxLength: 20 } },
  { id: 'motiv', type: 'text-input', config: { label: 'Motivul returului', description: 'Pe scurt, de ce returnati produsele.', isMandatory: true } },
  { id: 'email', type: 'email-input', config: { label: 'Email pentru confirmare', isMandatory: false } },
  { id: 'data', type: 'date-picker', config: { label: 'Data primirii coletului', isMandatory: false } },
  {
    id: 'stare',
    type: 'checkbox',
    config: { isMultiple: true, checkboxesArray: [{ id: 'sigilat', description: 'Produsul este sigilat' }, { id: 'etichete', description: 'Are etichetele originale', default: true }] },
  },
  {
    id: 'rambursare',
    type: 'radio-buttons',
    config: { label: 'Cum doriti banii inapoi?', isMandatory: true, methodsArray: [{ id: 'voucher', name: 'Voucher' }, { id: 'cont', name: 'Transfer bancar', showBankAccount: true }] },
  },
  {
    id: 'produse',
    type: 'fields-table',
    config: { columnsArray: [{ id: 'produs', name: 'Produs', isMandatory: true }, { id: 'cantitate', name: 'Cantitate', maxLength: 3, isMandatory: true }] },
  },
];

/**
 * The demo client's templates (issue 6): two order templates (one with a return form of several
 * field types), packaging templates (one favourite), saved packages, and a return a customer
 * sent through the public page. Runs once per database, after the demo accounts and the nomenclature.
 */
export async function seedDemoTemplates(database: Database, services: Pick<Services, 'templates' | 'packaging' | 'returns'>) {
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return false;
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  if (!client) return false;
  const [warehouse] = await db.select().from(addresses).where(and(eq(addresses.userId, client.id), eq(addresses.shortName, 'Depozit Cluj'))).limit(1);
  const [office] = await db.select().from(addresses).where(and(eq(addresses.userId, client.id), eq(addresses.shortName, 'Birou Bucuresti'))).limit(1);
  if (!warehouse || !office) return false;

  // Saved as an admin would (approved, terms), so the demo shows the whole editor.
  const { templates, packaging, returns } = services;
  const actor = { clientId: client.id, isAdmin: true };
  const shop = await templates.save(
    actor,
    ZTemplateSaveRequest.parse({
      data: {
        name: 'Retururi magazin online',
        uniqueId: 'demo-retur',
        options: {
          approved: true,
          terms: '<p>Produsele se pot returna in <strong>14 zile</strong> de la primire, in ambalajul original.</p>',
          return: { enabled: true, isMandatory: true, fields: RETURN_FIELDS },
        },
      },
      address: { addressId: warehouse.id },
    }),
  );
  await templates.save(
    actor,
    ZTemplateSaveRequest.parse({ data: { name: 'Documente birou', options: { allowPackageExchange: true } }, address: { addressId: office.id } }),
  );

  const boxes = [
    { name: 'Colet haine', template: { content: 'Imbracaminte', packages: [{ weight: 1.5, xLength: 40, yLength: 30, zLength: 15 }] } },
    { name: 'Plic contracte', template: { content: 'Documente', envelope: true, isDocuments: true, packages: [{ weight: 0.2, xLength: 24, yLength: 16, zLength: 3 }] } },
    { name: 'Doua cutii incaltaminte', template: { content: 'Incaltaminte', packages: [{ weight: 2, xLength: 35, yLength: 25, zLength: 15 }, { weight: 2, xLength: 35, yLength: 25, zLength: 15 }] } },
  ];
  for (const box of boxes) await packaging.addTemplate(client.id, ZPackagingTemplateAddRequest.parse(box));
  await db.update(packagingTemplates).set({ favourite: true }).where(and(eq(packagingTemplates.userId, client.id), eq(packagingTemplates.name, 'Colet haine')));
  const sizes = [
    { name: 'Cutie mica', weight: 0.5, xLength: 20, yLength: 15, zLength: 10 },
    { name: 'Cutie medie', weight: 1, xLength: 40, yLength: 30, zLength: 20 },
    { name: 'Cutie mare', weight: 3, xLength: 60, yLength: 40, zLength: 40 },
  ];
  for (const size of sizes) await packaging.addPackage(client.id, ZSavedPackageAddRequest.parse(size));

  // One return a customer sent from the public page: a draft of kind 'return' with the answers
  // (history: the merchant's 'Retururi' mail is not queued).
  await returns.submit(
    shop.uniqueId,
    '127.0.0.1',
    ZReturnSubmission.parse({
      address: {
        contactName: 'Ioana Marin',
        contactPhone: '0744555666',
        contactEmail: 'ioana.marin@exemplu.ro',
        countyCode: 'TM',
        city: 'Timișoara',
        postalCode: '300024',
        street: 'Bulevardul Revoluției 1989',
        number: '10',
      },
      answers: {
        comanda: '10045',
        motiv: 'Marimea este prea mica',
        stare: ['etichete'],
        rambursare: { methodId: 'cont', bankAccount: IBAN },
        produse: [{ produs: 'Geaca de iarna', cantitate: '1' }],
      },
      clientReference: 'CMD-10045',
    }),
    { notify: false },
  );
  return true;
}

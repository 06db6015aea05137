import { einvoiceFormMessages as m, type TInvoiceForm } from '@colete/contract';

/*
 * The official rules' findings on a client's invoice ('Trimite factura', issue 26) placed beside the
 * form's fields: a finding whose location (the rules' XPath) is in a line, in the buyer's party or
 * on a field of the document answers under that field's path (`lines.2.quantity`,
 * `buyer.address.countyCode`); the others (the seller's data, the totals) go to the general list.
 */

export type FormRulesCheck = (xml: string) => Promise<{ schemaErrors: string[]; fatal: { id: string; text: string; location?: string }[] }>;

/** The last element names of an XPath as the rules write it (`/*:Invoice[...][1]/*:InvoiceLine[...][2]/*:Price[...][1]`), with their positions. */
function steps(location: string) {
  return [...location.matchAll(/(?:\*:|cac:|cbc:|\/)([A-Za-z]+)(?:\[[^\]]*\])*?(?:\[(\d+)\])?(?=\/|$)/g)].map((s) => ({ name: s[1]!, at: Number(s[2] ?? 1) }));
}

const LINE_FIELDS: [RegExp, string][] = [
  [/Quantity$/, 'quantity'],
  [/^(Price|PriceAmount|BaseQuantity)$/, 'unitPriceBani'],
  [/^(ClassifiedTaxCategory|Percent)$/, 'vatRate'],
  [/^(Name|Item)$/, 'name'],
];
const BUYER_FIELDS: [RegExp, string][] = [
  [/^CountrySubentity$/, 'address.countyCode'],
  [/^CityName$/, 'address.city'],
  [/^StreetName$/, 'address.street'],
  [/^PostalZone$/, 'address.postalCode'],
  [/^(Country|IdentificationCode)$/, 'address.country'],
  [/^(RegistrationName|Name)$/, 'name'],
  [/^(CompanyID|PartyTaxScheme|PartyLegalEntity|EndpointID)$/, 'identification'],
];
const DOCUMENT_FIELDS: Record<string, string> = { ID: 'number', IssueDate: 'issueDate', DueDate: 'dueDate', DocumentCurrencyCode: 'currency', TaxCurrencyCode: 'currency', BillingReference: 'creditedInvoice.number' };

/** The form's field a finding concerns, or null (a general finding). */
export function findingField(location: string, doc: Pick<TInvoiceForm, 'lines'>): string | null {
  const path = steps(location).slice(1);
  const first = path[0];
  if (!first) return null;
  if (/^(InvoiceLine|CreditNoteLine)$/.test(first.name)) {
    const index = Math.min(first.at, doc.lines.length) - 1;
    const names = path.slice(1).map((p) => p.name);
    for (const [re, field] of LINE_FIELDS) if (names.some((n) => re.test(n))) return `lines.${index}.${field}`;
    return `lines.${index}`;
  }
  if (first.name === 'AccountingCustomerParty') {
    const names = path.slice(1).map((p) => p.name).reverse();
    for (const n of names) for (const [re, field] of BUYER_FIELDS) if (re.test(n)) return `buyer.${field}`;
    return 'buyer.name';
  }
  return path.length === 1 ? (DOCUMENT_FIELDS[first.name] ?? null) : first.name === 'BillingReference' ? DOCUMENT_FIELDS.BillingReference! : null;
}

/**
 * The document built (`build`) and checked: null when the official rules find nothing fatal; else the
 * findings beside the fields (path -> text, the first per field) and the others as a list.
 */
export async function formFindings(check: FormRulesCheck, build: () => string, doc: Pick<TInvoiceForm, 'lines'>) {
  let xml: string;
  try {
    xml = build();
  } catch (err) {
    // The company's own address cannot be written as CIUS-RO wants (its billing data to mend).
    return { errors: {}, findings: [{ id: 'DOCUMENT', text: `${m.ruleBroken}: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  const report = await check(xml);
  if (report.schemaErrors.length === 0 && report.fatal.length === 0) return null;
  const errors: Record<string, string> = {};
  const findings: { id: string; text: string }[] = report.schemaErrors.map((text) => ({ id: 'UBL-XSD', text }));
  for (const f of report.fatal) {
    const field = f.location ? findingField(f.location, doc) : null;
    const text = `${m.ruleBroken} ${f.id}: ${f.text}`;
    if (field) errors[field] ??= text;
    else findings.push({ id: f.id, text });
  }
  return { errors, findings };
}

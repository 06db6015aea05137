import { z } from './zod.js';
import { CARD_LIST_MAX_LIMIT, LIST_SEARCH_MAX_LENGTH } from './common/list-constants.js';
import { listEnvelope, pageBody } from './common/pagination.js';
import { ZAddressInput } from './addresses.js';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { authMessages } from './messages/auth.js';
import { commonMessages } from './messages/common.js';
import { templatesMessages } from './messages/templates.js';

/** Order templates, the return-form builder and the public return page (spec 001 sections 2-9, issue 6). */

/* ---- Constants (spec 001 section 9) ---- */

export const TEMPLATES_PAGE_SIZE = 10;
export const TEMPLATES_FILTER_DEBOUNCE_MS = 300;
/** Builder changes are applied after this pause. */
export const BUILDER_DEBOUNCE_MS = 500;
export const TEMPLATE_LOGO_MAX_BYTES = 50 * 1024;
export const TEMPLATE_TABLE_COLUMNS = { min: 1, max: 5 } as const;
export const TEXT_INPUT_LENGTH = { minDefault: 0, maxDefault: 100, max: 300 } as const;
export const TABLE_COLUMN_LENGTH = { minDefault: 0, maxDefault: 50 } as const;
export const DEFAULT_ADD_BUTTON_TEXT = 'Adauga produs';
/** Ours: a form holds at most this many fields, a table answer at most this many rows. */
export const RETURN_FORM_MAX_FIELDS = 50;
export const RETURN_TABLE_MAX_ROWS = 50;
export const TEMPLATE_TERMS_MAX = 20_000;
/** Ours: the public return page's limits (issue 6), counted in the database so every instance shares them. */
export const RETURN_RATE_LIMITS = { perAddress: 5, perAddressWindowMs: 60_000, perTemplate: 100, perTemplateWindowMs: 24 * 3600_000 } as const;
/** Ours: the parcel a return starts with; the merchant corrects it before activating. */
export const RETURN_DEFAULT_PARCEL = { weight: 1, length: 30, width: 20, height: 10 } as const;
/** The public return link: /order/return/{uniqueId} on the product's own site. */
export const returnPath = (uniqueId: string) => `/order/return/${uniqueId}`;
/** A template's uniqueId (generated, or chosen by an admin). */
export const TEMPLATE_UNIQUE_ID_PATTERN = /^[A-Za-z0-9-]{6,40}$/;
/** A builder field's id (nanoid-like, made by the browser). */
export const FIELD_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const RETURN_FIELD_TYPES = [
  'title',
  'paragraph',
  'text-input',
  'email-input',
  'phone-input',
  'bank-account-input',
  'date-picker',
  'checkbox',
  'radio-buttons',
  'fields-table',
] as const;
export type ReturnFieldType = (typeof RETURN_FIELD_TYPES)[number];
export const TITLE_SIZES = ['small', 'medium', 'large'] as const;
export const TEXT_POSITIONS = ['left', 'center', 'right'] as const;
export const TEXT_WEIGHTS = ['unset', 'bold', 'lighter'] as const;
export const TEXT_DECORATIONS = ['none', 'underline', 'overline', 'line-through'] as const;

const t = () => templatesMessages;

/* ---- Builder fields (spec 001 section 2 table, section 5 rules, section 8 messages) ---- */

export const ZFieldId = z.string().regex(FIELD_ID_PATTERN, { error: () => commonMessages.invalidData });
const required = (max: number) =>
  z
    .string({ error: () => t().fieldRequired })
    .trim()
    .min(1, { error: () => t().fieldRequired })
    .max(max, { error: () => commonMessages.fieldInvalid });
const optional = (max: number) => z.string().trim().max(max, { error: () => commonMessages.fieldInvalid }).default('');
const flag = z.boolean().default(false);
const minLength = z
  .number({ error: () => t().minLengthRequired })
  .int({ error: () => commonMessages.fieldInvalid })
  .min(0, { error: () => t().minLengthInvalid })
  .max(TEXT_INPUT_LENGTH.max, { error: () => t().maxLengthLimit });
const maxLength = z
  .number({ error: () => t().maxLengthRequired })
  .int({ error: () => commonMessages.fieldInvalid })
  .min(1, { error: () => commonMessages.fieldInvalid })
  .max(TEXT_INPUT_LENGTH.max, { error: () => t().maxLengthLimit });

const textStyle = {
  position: z.enum(TEXT_POSITIONS, { error: () => commonMessages.fieldInvalid }).default('left'),
  weight: z.enum(TEXT_WEIGHTS, { error: () => commonMessages.fieldInvalid }).default('unset'),
  decoration: z.enum(TEXT_DECORATIONS, { error: () => commonMessages.fieldInvalid }).default('none'),
};

/** minLength <= maxLength, reported on minLength. */
const lengthsInOrder = <T extends { minLength: number; maxLength: number }>(ctx: z.core.ParsePayload<T>, path: PropertyKey[]) => {
  if (ctx.value.minLength > ctx.value.maxLength) {
    ctx.issues.push({ code: 'custom', path: [...path, 'minLength'], message: t().minAboveMax, input: ctx.value.minLength });
  }
};

const ZTitleConfig = z.object({ text: required(200), size: z.enum(TITLE_SIZES, { error: () => commonMessages.fieldInvalid }).default('medium'), ...textStyle });
const ZParagraphConfig = z.object({ text: required(2000), ...textStyle });
const ZTextInputConfig = z
  .object({
    label: required(200),
    placeholder: optional(200),
    description: optional(500),
    isMandatory: flag,
    minLength: minLength.default(TEXT_INPUT_LENGTH.minDefault),
    maxLength: maxLength.default(TEXT_INPUT_LENGTH.maxDefault),
  })
  .check((ctx) => lengthsInOrder(ctx, []));
const ZEmailInputConfig = z.object({ label: required(200), placeholder: optional(200), isMandatory: flag });
const ZPhoneInputConfig = z.object({ label: required(200), placeholder: optional(200), description: optional(500), isMandatory: flag });
/** No isMandatory in the spec's table: a bank-account field is always required (docs/decisions.md). */
const ZBankAccountConfig = z.object({ label: required(200), description: optional(500) });
const ZDatePickerConfig = z.object({ label: required(200), isMandatory: flag });
export const ZCheckboxItem = z.object({ id: ZFieldId, description: required(300), default: flag });
const ZCheckboxConfig = z.object({
  isMultiple: flag,
  checkboxesArray: z.array(ZCheckboxItem).min(1, { error: () => t().checkboxMin }).max(20, { error: () => commonMessages.fieldInvalid }),
});
export const ZRadioMethod = z.object({ id: ZFieldId, name: required(200), showBankAccount: flag });
const ZRadioConfig = z.object({
  label: required(200),
  isMandatory: flag,
  methodsArray: z.array(ZRadioMethod).min(1, { error: () => t().methodsMin }).max(20, { error: () => commonMessages.fieldInvalid }),
});
export const ZTableColumn = z
  .object({
    id: ZFieldId,
    name: z
      .string({ error: () => t().columnNameRequired })
      .trim()
      .min(1, { error: () => t().columnNameRequired })
      .max(100, { error: () => commonMessages.fieldInvalid }),
    minLength: minLength.default(TABLE_COLUMN_LENGTH.minDefault),
    maxLength: maxLength.default(TABLE_COLUMN_LENGTH.maxDefault),
    isMandatory: flag,
  })
  .check((ctx) => lengthsInOrder(ctx, []));
const ZTableConfig = z.object({
  addButtonText: z.string().trim().max(60, { error: () => commonMessages.fieldInvalid }).default(DEFAULT_ADD_BUTTON_TEXT).transform((v) => v || DEFAULT_ADD_BUTTON_TEXT),
  columnsArray: z
    .array(ZTableColumn)
    .min(TEMPLATE_TABLE_COLUMNS.min, { error: () => t().columnsMin })
    .max(TEMPLATE_TABLE_COLUMNS.max, { error: () => t().columnsMax }),
});

const field = <T extends ReturnFieldType, C extends z.ZodType>(type: T, config: C) => z.object({ id: ZFieldId, type: z.literal(type), config });

/** One field of the return form: {id, type, config} with the configuration of its type. */
export const ZReturnField = z.discriminatedUnion('type', [
  field('title', ZTitleConfig),
  field('paragraph', ZParagraphConfig),
  field('text-input', ZTextInputConfig),
  field('email-input', ZEmailInputConfig),
  field('phone-input', ZPhoneInputConfig),
  field('bank-account-input', ZBankAccountConfig),
  field('date-picker', ZDatePickerConfig),
  field('checkbox', ZCheckboxConfig),
  field('radio-buttons', ZRadioConfig),
  field('fields-table', ZTableConfig),
], { error: () => commonMessages.invalidData });
export type TReturnField = z.output<typeof ZReturnField>;
export type TReturnFieldInput = z.input<typeof ZReturnField>;
export type TReturnFieldOf<T extends ReturnFieldType> = Extract<TReturnField, { type: T }>;

/** A new field of a type with the spec's defaults (section 9); `id` comes from the browser. */
export function defaultReturnField(type: ReturnFieldType, id: string, newId: () => string = () => `${id}-1`): TReturnField {
  switch (type) {
    case 'title':
      return { id, type, config: { text: '', size: 'medium', position: 'left', weight: 'unset', decoration: 'none' } };
    case 'paragraph':
      return { id, type, config: { text: '', position: 'left', weight: 'unset', decoration: 'none' } };
    case 'text-input':
      return { id, type, config: { label: '', placeholder: '', description: '', isMandatory: false, minLength: TEXT_INPUT_LENGTH.minDefault, maxLength: TEXT_INPUT_LENGTH.maxDefault } };
    case 'email-input':
      return { id, type, config: { label: '', placeholder: '', isMandatory: false } };
    case 'phone-input':
      return { id, type, config: { label: '', placeholder: '', description: '', isMandatory: false } };
    case 'bank-account-input':
      return { id, type, config: { label: '', description: '' } };
    case 'date-picker':
      return { id, type, config: { label: '', isMandatory: false } };
    case 'checkbox':
      return { id, type, config: { isMultiple: false, checkboxesArray: [{ id: newId(), description: '', default: false }] } };
    case 'radio-buttons':
      return { id, type, config: { label: '', isMandatory: false, methodsArray: [{ id: newId(), name: '', showBankAccount: false }] } };
    case 'fields-table':
      return {
        id,
        type,
        config: { addButtonText: DEFAULT_ADD_BUTTON_TEXT, columnsArray: [{ id: newId(), name: '', minLength: TABLE_COLUMN_LENGTH.minDefault, maxLength: TABLE_COLUMN_LENGTH.maxDefault, isMandatory: false }] },
      };
  }
}

/** The return form of a template. `enabled` is the editor's "enabling it" (spec 001 section 2). */
export const ZReturnForm = z
  .object({
    enabled: flag,
    isMandatory: flag,
    fields: z.array(ZReturnField).max(RETURN_FORM_MAX_FIELDS, { error: () => t().fieldsMax }).default([]),
  })
  .check((ctx) => {
    const ids = new Set<string>();
    ctx.value.fields.forEach((f, i) => {
      if (ids.has(f.id)) ctx.issues.push({ code: 'custom', path: ['fields', i, 'id'], message: t().duplicateId, input: f.id });
      ids.add(f.id);
    });
    // Spec 001 section 5: an enabled, mandatory form with no fields cannot be saved.
    if (ctx.value.enabled && ctx.value.isMandatory && ctx.value.fields.length === 0) {
      ctx.issues.push({ code: 'custom', path: ['fields'], message: t().formEmpty, input: ctx.value.fields });
    }
  });
export type TReturnForm = z.output<typeof ZReturnForm>;
export type TReturnFormInput = z.input<typeof ZReturnForm>;

/* ---- Template options ---- */

/** The extra options a customer of the template gets (the 'additional' toggle drives the last four). */
export const TEMPLATE_EXTRA_OPTIONS = ['allowRepayment', 'allowClientReference', 'additional', 'allowSaturdayDelivery', 'allowOpenAtDestination', 'allowDocumentsReturn', 'allowPackageExchange'] as const;
export const TEMPLATE_ADDITIONAL_OPTIONS = ['allowSaturdayDelivery', 'allowOpenAtDestination', 'allowDocumentsReturn', 'allowPackageExchange'] as const;
/** Only an admin sets these (spec 001 section 6); a client's values are ignored on save. */
export const TEMPLATE_ADMIN_OPTIONS = ['approved', 'terms', 'showInShopList', 'isSpecialTemplate'] as const;

export const ZTemplateOptions = z.object({
  allowRepayment: z.boolean().default(true),
  allowClientReference: z.boolean().default(true),
  additional: z.boolean().default(true),
  allowSaturdayDelivery: z.boolean().default(true),
  allowOpenAtDestination: z.boolean().default(true),
  allowDocumentsReturn: z.boolean().default(true),
  allowPackageExchange: z.boolean().default(false),
  approved: z.boolean().default(false),
  /** HTML, sanitised by the server on save and again when served. */
  terms: z.string().max(TEMPLATE_TERMS_MAX, { error: () => t().termsTooLong }).default(''),
  showInShopList: z.boolean().default(false),
  isSpecialTemplate: z.boolean().default(false),
  return: ZReturnForm.default({ enabled: false, isMandatory: false, fields: [] }),
});
export type TTemplateOptions = z.output<typeof ZTemplateOptions>;
export type TTemplateOptionsInput = z.input<typeof ZTemplateOptions>;

/** Spec 001 section 9: all extra options on except allowPackageExchange. */
export const DEFAULT_TEMPLATE_OPTIONS: TTemplateOptions = ZTemplateOptions.parse({});

/* ---- Save and card-settings update (POST order-template) ---- */

const ZSavedAddress = z.object({ addressId: z.number().int().positive().max(2_147_483_647) }).strict();
/** A typed address: the address form with its name (shortName, required). */
const ZTypedAddress = ZAddressInput;
export type TTemplateAddress = z.input<typeof ZSavedAddress> | z.input<typeof ZTypedAddress>;
type TemplateAddressParsed = z.output<typeof ZSavedAddress> | z.output<typeof ZTypedAddress>;

/** The template's address: an address-book entry ({addressId}) or one typed in the shared form. */
export const ZTemplateAddress = z.unknown().transform((value, ctx): TemplateAddressParsed => {
  if (!value || typeof value !== 'object') {
    ctx.addIssue({ code: 'custom', message: t().addressRequired });
    return z.NEVER;
  }
  const parsed = ('addressId' in value ? ZSavedAddress : ZTypedAddress).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const ZTemplateName = z
  .string({ error: () => t().nameRequired })
  .trim()
  .min(1, { error: () => t().nameRequired })
  .max(100, { error: () => commonMessages.fieldInvalid });
export const ZTemplateUniqueId = z.string().trim().regex(TEMPLATE_UNIQUE_ID_PATTERN, { error: () => t().uniqueIdInvalid });

/** Create (no id) or update (id) a template. A uniqueId set by a non-admin is ignored. `logo: null` removes the logo. */
export const ZTemplateSaveRequest = z.object({
  data: z.object({
    name: ZTemplateName,
    id: z.number().int().positive().max(2_147_483_647).optional().nullable(),
    uniqueId: ZTemplateUniqueId.optional().nullable(),
    options: ZTemplateOptions,
  }),
  address: ZTemplateAddress,
  logo: z.null().optional(),
});
export type TTemplateSaveRequest = Omit<z.input<typeof ZTemplateSaveRequest>, 'address'> & { address: TTemplateAddress };
export type TTemplateSaveRequestParsed = z.output<typeof ZTemplateSaveRequest>;

/** The list card's settings update: the whole options of the template named by uniqueId. */
export const ZTemplateSettingsRequest = z.object({
  data: z.object({ uniqueId: ZTemplateUniqueId, options: ZTemplateOptions }),
});
export type TTemplateSettingsRequest = z.input<typeof ZTemplateSettingsRequest>;
export type TTemplateSettingsRequestParsed = z.output<typeof ZTemplateSettingsRequest>;

/** POST order-template carries either: a body with `address` is a save, one without is a settings update. */
export const ZTemplatePostRequest = z.unknown().transform((value, ctx): ({ kind: 'save' } & TTemplateSaveRequestParsed) | ({ kind: 'settings' } & TTemplateSettingsRequestParsed) => {
  const isSave = !!value && typeof value === 'object' && 'address' in value;
  const parsed = isSave ? ZTemplateSaveRequest.safeParse(value) : ZTemplateSettingsRequest.safeParse(value);
  if (parsed.success) return isSave ? { kind: 'save', ...(parsed.data as TTemplateSaveRequestParsed) } : { kind: 'settings', ...(parsed.data as TTemplateSettingsRequestParsed) };
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/* ---- Answers of the server ---- */

/** The template's address as stored (a copy; addressId links the address-book entry it came from). */
export const ZTemplateToAddress = z.object({
  addressId: z.number().int().nullable(),
  shortName: z.string(),
  contactName: z.string(),
  contactCompany: z.string().nullable(),
  contactPhone: z.string(),
  contactPhone2: z.string().nullable(),
  contactEmail: z.string().nullable(),
  countyCode: z.string(),
  county: z.string(),
  city: z.string(),
  postalCode: z.string(),
  street: z.string().nullable(),
  number: z.string(),
  block: z.string().nullable(),
  entrance: z.string().nullable(),
  intercom: z.string().nullable(),
  floor: z.string().nullable(),
  apartment: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  /** The address-book entry's type (10 locks the form), 1 for a typed address. */
  type: z.number().int(),
  fullAddress: z.string(),
});
export type TTemplateToAddress = z.infer<typeof ZTemplateToAddress>;

/** GET order-template/data/{id} and the save's answer. `logo` is the logo's URL or null. */
export const ZTemplateDetail = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  options: ZTemplateOptions,
  toAddress: ZTemplateToAddress,
});
export type TTemplateDetail = z.output<typeof ZTemplateDetail>;
export const ZTemplateDetailResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZTemplateDetail });
export type TTemplateDetailResponse = z.output<typeof ZTemplateDetailResponse>;

export const ZTemplateListRequest = z.object({
  options: z
    .object({
      ...pageBody(TEMPLATES_PAGE_SIZE, CARD_LIST_MAX_LIMIT).shape,
      search: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).default(''),
    })
    .default({ page: 1, limit: TEMPLATES_PAGE_SIZE, search: '' }),
  /** Kept from the spec's payload; the count is always answered. */
  count: z.boolean().optional(),
});
export type TTemplateListRequest = z.input<typeof ZTemplateListRequest>;
export const ZTemplateListItem = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  name: z.string(),
  /** The full address, one line. */
  address: z.string(),
  logo: z.string().nullable(),
  options: ZTemplateOptions,
  /** '/order/return/{uniqueId}'. */
  publicPath: z.string(),
});
export type TTemplateListItem = z.output<typeof ZTemplateListItem>;
export const ZTemplateListResponse = listEnvelope(ZTemplateListItem);
export type TTemplateListResponse = z.output<typeof ZTemplateListResponse>;

export const ZTemplateIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZTemplateUniqueIdParams = z.object({ uniqueId: ZTemplateUniqueId });
export const ZTemplateLogoResponse = z.object({ success: z.literal(true), message: z.string().optional(), logo: z.string() });
export type TTemplateLogoResponse = z.output<typeof ZTemplateLogoResponse>;

/* ---- The public return page (/order/return/{uniqueId}) ---- */

export const ZPublicTemplate = z.object({
  uniqueId: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  /** The merchant as the customer sees them: the template address's company, or its contact name. */
  merchantName: z.string(),
  offers: z.object({
    allowRepayment: z.boolean(),
    allowClientReference: z.boolean(),
    allowSaturdayDelivery: z.boolean(),
    allowOpenAtDestination: z.boolean(),
    allowDocumentsReturn: z.boolean(),
    allowPackageExchange: z.boolean(),
  }),
  /** Sanitised HTML ('' when none). */
  terms: z.string(),
  returnForm: z.object({ enabled: z.boolean(), isMandatory: z.boolean(), fields: z.array(ZReturnField) }),
});
export type TPublicTemplate = z.output<typeof ZPublicTemplate>;
export const ZPublicTemplateResponse = z.object({ success: z.literal(true), template: ZPublicTemplate });
export type TPublicTemplateResponse = z.output<typeof ZPublicTemplateResponse>;

/** An answer: text/email/phone/bank-account/date a string; checkbox the checked ids; radio the method; table its rows. */
export const ZRadioAnswer = z.object({ methodId: ZFieldId, bankAccount: z.string().trim().max(64).optional().nullable() });
export const ZReturnAnswer = z.union([
  z.string().max(2000),
  z.array(ZFieldId).max(20),
  ZRadioAnswer,
  z.array(z.record(ZFieldId, z.string().max(2000))).max(RETURN_TABLE_MAX_ROWS, { error: () => t().answerRowsMax }),
], { error: () => commonMessages.fieldInvalid });
export type TReturnAnswer = z.output<typeof ZReturnAnswer>;
export const ZReturnAnswers = z.record(ZFieldId, ZReturnAnswer);
export type TReturnAnswers = z.output<typeof ZReturnAnswers>;

/** The customer's pick-up address and contact: the shared address form without a name, email required. */
export const ZReturnAddress = ZAddressInput.omit({ shortName: true }).extend({
  contactEmail: z
    .string({ error: () => authMessages.emailRequired })
    .trim()
    .min(1, { error: () => authMessages.emailRequired })
    .max(EMAIL_MAX_LENGTH, { error: () => authMessages.emailInvalid })
    .refine((e) => z.email().safeParse(e).success, { error: () => authMessages.emailInvalid })
    .transform((v) => v.toLowerCase()),
});
export type TReturnAddress = z.input<typeof ZReturnAddress>;

/** POST /api/order/return/{uniqueId}. The answers are checked against the form with validateReturnForm. */
export const ZReturnSubmission = z.object({
  address: ZReturnAddress,
  answers: ZReturnAnswers.default({}),
  /** Only kept when the template allows a client reference. */
  clientReference: z.string().trim().max(50, { error: () => commonMessages.fieldInvalid }).optional().nullable(),
});
export type TReturnSubmission = z.input<typeof ZReturnSubmission>;
export type TReturnSubmissionParsed = z.output<typeof ZReturnSubmission>;
export const ZReturnSubmissionResponse = z.object({ success: z.literal(true), message: z.string(), reference: z.string() });
export type TReturnSubmissionResponse = z.output<typeof ZReturnSubmissionResponse>;

/** A stored answer as the merchant reads it on the shipment (labels copied at submission time). */
export const ZReturnAnswerView = z.object({ label: z.string(), value: z.string() });
export type TReturnAnswerView = z.infer<typeof ZReturnAnswerView>;

import { z } from './zod.js';
import { CARD_LIST_MAX_LIMIT, LIST_SEARCH_MAX_LENGTH } from './common/list-constants.js';
import { listEnvelope, pageBody } from './common/pagination.js';
import { commonMessages } from './messages/common.js';
import { packagingMessages } from './messages/packaging.js';
import { checkEnvelope, checkEnvelopeCount, fromPackageAxes, PACKAGE_AXES, packageList, packageVolumeCm3, ZPackageAxes, type TPackageAxes } from './package.js';

/**
 * Packaging templates ('Marfa ambalata') and saved packages ('Tipuri ambalaje'), spec 001 sections 2-4.
 * Sizes are package.ts's (kg and cm, its limits and envelope rule) under the spec's axis names here:
 * xLength is the length, yLength the width and zLength the height (the side with the 3 cm minimum).
 */

export const PACKAGING_PAGE_SIZE = 10;
export const PACKAGING_FILTER_DEBOUNCE_MS = 300;
/** The favourite toggle is sent after this pause (spec 001 section 4). */
export const FAVOURITE_DEBOUNCE_MS = 1000;

const p = () => packagingMessages;

const name = z
  .string({ error: () => p().nameRequired })
  .trim()
  .min(1, { error: () => p().nameRequired })
  .max(100, { error: () => commonMessages.fieldInvalid });

/** Volume in cubic centimetres, rounded. */
export const packageVolume = (p: TPackageAxes) => packageVolumeCm3(fromPackageAxes(p));

/** A package of a packaging template (name optional: 'Pachet N' is shown when empty). */
export const ZTemplatePackage = ZPackageAxes.extend({ name: z.string().trim().max(100, { error: () => commonMessages.fieldInvalid }).default('') });
export type TTemplatePackageInput = z.input<typeof ZTemplatePackage>;
export const ZTemplatePackageView = ZTemplatePackage.extend({ volume: z.number() });
export type TTemplatePackageView = z.output<typeof ZTemplatePackageView>;

/** What a packaging template holds: the packages of a shipment, its content and kind. */
export const ZPackagingContent = z
  .object({
    content: z.string().trim().max(100, { error: () => commonMessages.fieldInvalid }).default(''),
    envelope: z.boolean().default(false),
    isDocuments: z.boolean().default(false),
    packages: packageList(ZTemplatePackage),
  })
  .check((ctx) => {
    const v = ctx.value;
    if (!v.envelope) return;
    checkEnvelopeCount(ctx.issues, v.packages, ['packages']);
    v.packages.forEach((pk, i) => checkEnvelope(ctx.issues, fromPackageAxes(pk), (measure) => ['packages', i, PACKAGE_AXES[measure]]));
  });
export type TPackagingContentInput = z.input<typeof ZPackagingContent>;

export const ZPackagingTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  favourite: z.boolean(),
  template: z.object({ content: z.string(), envelope: z.boolean(), isDocuments: z.boolean(), packages: z.array(ZTemplatePackageView) }),
});
export type TPackagingTemplate = z.output<typeof ZPackagingTemplate>;

export const ZSavedPackage = z.object({ id: z.number().int(), name: z.string(), weight: z.number(), xLength: z.number(), yLength: z.number(), zLength: z.number() });
export type TSavedPackage = z.output<typeof ZSavedPackage>;

/** POST user/packaging/templates and POST user/packaging/packages/list (spec 001 section 7). */
export const ZPackagingListRequest = z.object({
  paginationOptions: z
    .object({
      ...pageBody(PACKAGING_PAGE_SIZE, CARD_LIST_MAX_LIMIT).shape,
      search: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).default(''),
    })
    .default({ page: 1, limit: PACKAGING_PAGE_SIZE, search: '' }),
  /** Kept from the spec's payload; the count is always answered. */
  count: z.boolean().optional(),
});
export type TPackagingListRequest = z.input<typeof ZPackagingListRequest>;
export const ZPackagingTemplateListResponse = listEnvelope(ZPackagingTemplate);
export type TPackagingTemplateListResponse = z.output<typeof ZPackagingTemplateListResponse>;
export const ZSavedPackageListResponse = listEnvelope(ZSavedPackage);
export type TSavedPackageListResponse = z.output<typeof ZSavedPackageListResponse>;

/** POST user/packaging/templates/add (ours): save the packages of a shipment under a name. */
export const ZPackagingTemplateAddRequest = z.object({ name, template: ZPackagingContent });
export type TPackagingTemplateAddRequest = z.input<typeof ZPackagingTemplateAddRequest>;
export const ZPackagingTemplateResponse = z.object({ success: z.literal(true), message: z.string().optional(), template: ZPackagingTemplate });
export type TPackagingTemplateResponse = z.output<typeof ZPackagingTemplateResponse>;

/** POST user/packaging/packages/add (ours): keep one package's sizes under a name. */
export const ZSavedPackageAddRequest = ZPackageAxes.extend({ name });
export type TSavedPackageAddRequest = z.input<typeof ZSavedPackageAddRequest>;
export const ZSavedPackageResponse = z.object({ success: z.literal(true), message: z.string().optional(), package: ZSavedPackage });
export type TSavedPackageResponse = z.output<typeof ZSavedPackageResponse>;

/** PUT user/packaging/templates/{id}: the favourite flag after the toggle. */
export const ZFavouriteResponse = z.object({ success: z.literal(true), favourite: z.boolean() });
export type TFavouriteResponse = z.output<typeof ZFavouriteResponse>;
export const ZPackagingIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

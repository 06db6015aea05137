import {
  ADDRESS_TYPE_LOCKED,
  DEFAULT_TEMPLATE_OPTIONS,
  ZAddressInput,
  ZTemplateSaveRequest,
  messages,
  type TTemplateDetail,
  type TTemplateOptions,
  type TTemplateSaveRequest,
} from '@colete/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { EMPTY_ADDRESS } from '../../../components/address-form/address-fields';
import { ADDRESS_ENTRY_FIELDS, EMPTY_CONTACT, addressInputOf, addressInputValues, type AddressEntryValues } from '../../../components/address-form/entry-values';

export type AddressValues = AddressEntryValues;
export type EditorValues = AddressValues & { name: string; uniqueId: string; options: TTemplateOptions };

/**
 * Where the address comes from: typed in the form, or an address-book entry that filled the form.
 * With an entry, 'modify' saves the form's changes into that entry; 'new' saves them as a new
 * address. `snapshot` is what the entry filled in, to know whether anything changed.
 */
export type AddressSource = { entry: { id: number; type: number } | null; mode: 'modify' | 'new'; snapshot: AddressValues | null };
export const NO_SOURCE: AddressSource = { entry: null, mode: 'new', snapshot: null };
export const isLocked = (source: AddressSource) => source.entry?.type === ADDRESS_TYPE_LOCKED;

export const ADDRESS_FIELDS = ADDRESS_ENTRY_FIELDS;

export function initialEditorState(detail?: TTemplateDetail): { values: EditorValues; source: AddressSource } {
  if (!detail) return { values: { ...EMPTY_ADDRESS, ...EMPTY_CONTACT, name: '', uniqueId: '', options: DEFAULT_TEMPLATE_OPTIONS }, source: NO_SOURCE };
  const address = addressInputValues(detail.toAddress);
  const source: AddressSource = detail.toAddress.addressId ? { entry: { id: detail.toAddress.addressId, type: detail.toAddress.type }, mode: 'modify', snapshot: address } : NO_SOURCE;
  return { values: { ...address, name: detail.name, uniqueId: detail.uniqueId, options: detail.options }, source };
}

export const addressChanged = ({ snapshot }: AddressSource, values: AddressValues) => !!snapshot && ADDRESS_FIELDS.some((k) => snapshot[k] !== values[k]);
/** The entry is sent by its id: a locked one always, a 'modify existing' one (its changes saved into the entry first). */
export const sendsEntry = (source: AddressSource) => !!source.entry && (isLocked(source) || source.mode === 'modify');

export function buildSaveRequest(values: EditorValues, source: AddressSource, ctx: { id?: number; removeLogo: boolean }): TTemplateSaveRequest {
  const address: TTemplateSaveRequest['address'] = source.entry && sendsEntry(source) ? { addressId: source.entry.id } : addressInputOf(values);
  return {
    data: { name: values.name, id: ctx.id ?? null, uniqueId: values.uniqueId.trim() || null, options: values.options },
    address,
    ...(ctx.removeLogo ? { logo: null } : {}),
  };
}

function setPath(target: Record<string, unknown>, path: string[], message: string) {
  let node = target;
  path.slice(0, -1).forEach((part) => {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  });
  const last = path[path.length - 1] ?? '';
  if (!node[last]) node[last] = { type: 'validation', message };
}

/** A request path to the form's ('data.name' -> 'name', 'address.city' -> 'city', 'data.options.x' -> 'options.x'). */
export function formPathOf(serverPath: string): string {
  if (serverPath.startsWith('data.options.')) return serverPath.slice('data.'.length);
  if (serverPath.startsWith('data.')) return serverPath.slice('data.'.length);
  if (serverPath.startsWith('address.')) return serverPath.slice('address.'.length);
  return serverPath;
}

/**
 * Validates with the contract's request schema (the server runs the same), plus the typed address
 * with the address-book schema when it will be saved into an entry. The address source lives
 * outside the form, so the resolver reads it through a getter when it runs.
 */
export function editorResolver(getContext: () => { source: AddressSource; id?: number }): Resolver<EditorValues> {
  return async (values) => {
    const { source, id } = getContext();
    const errors: Record<string, unknown> = {};
    const request = ZTemplateSaveRequest.safeParse(buildSaveRequest(values, source, { id, removeLogo: false }));
    if (!request.success) for (const issue of request.error.issues) setPath(errors, formPathOf(issue.path.join('.')).split('.'), issue.message);
    if (sendsEntry(source) && !isLocked(source) && addressChanged(source, values)) {
      const typed = ZAddressInput.safeParse(addressInputOf(values));
      if (!typed.success) for (const issue of typed.error.issues) setPath(errors, issue.path.map(String), issue.message);
    }
    if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<EditorValues> };
    return { values, errors: {} };
  };
}

/** The message a refused save shows: the empty mandatory form's own, otherwise the spec's generic one. */
export const invalidFormMessage = (errors: FieldErrors<EditorValues>) => {
  const fields = (errors.options as { return?: { fields?: { message?: string } } } | undefined)?.return?.fields;
  return fields?.message === messages.templates.formEmpty ? messages.templates.formEmpty : messages.templates.formInvalid;
};

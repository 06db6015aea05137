import { Box, TextField, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormContext, type FieldError } from 'react-hook-form';

/** The contact part of an address-book entry (and of every form that types one), as the contract names it. */
export type ContactFieldName = 'shortName' | 'contactName' | 'contactCompany' | 'contactPhone' | 'contactPhone2' | 'contactEmail';

const FIELD: Record<ContactFieldName, { label: string; autoComplete: string; type: string }> = {
  shortName: { label: 'Nume adresa', autoComplete: 'off', type: 'text' },
  contactName: { label: 'Persoana de contact', autoComplete: 'name', type: 'text' },
  contactCompany: { label: 'Firma (optional)', autoComplete: 'organization', type: 'text' },
  contactPhone: { label: 'Telefon', autoComplete: 'tel', type: 'tel' },
  contactPhone2: { label: 'Telefon secundar (optional)', autoComplete: 'tel', type: 'tel' },
  contactEmail: { label: 'Email (optional)', autoComplete: 'email', type: 'email' },
};

/** The address book's order: name, contact, company, email, phone, second phone. */
export const CONTACT_FIELDS_BOOK: readonly ContactFieldName[] = ['shortName', 'contactName', 'contactCompany', 'contactEmail', 'contactPhone', 'contactPhone2'];

/**
 * The contact block of the forms that type an address (address book, shipment parties, pick-up
 * point request, order template, public return page): the fields in the order the form gives,
 * with one set of labels, input types and autocomplete hints; validation comes from the form's
 * contract schema. Reads the form from its FormProvider. `labels` renames a field where a page
 * says it otherwise (the public return page asks for 'Nume si prenume'); `children` go last in the
 * same grid.
 */
export function ContactFields({
  fields,
  labels,
  disabled,
  sx,
  children,
}: {
  fields: readonly ContactFieldName[];
  labels?: Partial<Record<ContactFieldName, string>>;
  disabled?: Partial<Record<ContactFieldName, boolean>> | boolean;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  const { register, formState } = useFormContext<Record<ContactFieldName, string>>();
  const errors = formState.errors as Partial<Record<ContactFieldName, FieldError>>;
  return (
    <Box sx={[{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {fields.map((name) => (
        <TextField
          key={name}
          label={labels?.[name] ?? FIELD[name].label}
          type={FIELD[name].type}
          autoComplete={FIELD[name].autoComplete}
          {...register(name)}
          disabled={typeof disabled === 'boolean' ? disabled : disabled?.[name]}
          error={!!errors[name]}
          helperText={errors[name]?.message}
        />
      ))}
      {children}
    </Box>
  );
}

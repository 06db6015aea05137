import { AUTOCOMPLETE_DEBOUNCE_MS, POSTAL_CODE_PATTERN, messages, type TLocality } from '@colete/contract';
import { Autocomplete, Box, CircularProgress, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  fetchLocalities,
  fetchLocality,
  fetchPostalCodeReverse,
  fetchStreetCodes,
  localityLabel,
  useLocalitySearch,
  useStreetSearch,
} from './geo-api';
import { CountyField } from './county-field';
import { nextPageOnScroll } from './scroll-pager';
import { codeForNumber, type AddressFormValues, type StreetCode } from './address-values';

export { EMPTY_ADDRESS, type AddressFormValues } from './address-values';

const m = messages.address;

/**
 * County, city, postal code, street and the rest of a Romanian address ('basic': without block,
 * entrance, intercom, floor and apartment, e.g. a billing address) (spec 001 section 4,
 * "Selecting a locality"): a locality with its own code fills it; in a city with streets the
 * code follows the street (and the number); a typed code fills county, city and first street;
 * changing the county clears the city.
 */
export function AddressFields({
  disabled = false,
  variant = 'full',
  lockStreet = false,
}: {
  disabled?: boolean;
  variant?: 'full' | 'basic';
  /** The street is chosen among a correction's suggestions until the page unlocks it (the store's delivery address). */
  lockStreet?: boolean;
}) {
  const form = useFormContext<AddressFormValues>();
  const { setValue, clearErrors, setError, formState } = form;
  const errors = formState.errors;
  const [countyCode, city, street, houseNumber, postalCode] = useWatch({
    control: form.control,
    name: ['countyCode', 'city', 'street', 'number', 'postalCode'],
  });

  const [locality, setLocality] = useState<TLocality | null>(null);
  const [cityInput, setCityInput] = useState(city);
  const [streetInput, setStreetInput] = useState(street);
  const [streetCodes, setStreetCodes] = useState<StreetCode[]>([]);
  // The streets of a typed postal code that covers several: the user picks one of them.
  const [codeStreets, setCodeStreets] = useState<string[]>([]);
  const hasStreets = locality?.postalCode === '0';

  const cityText = useDebouncedValue(cityInput, AUTOCOMPLETE_DEBOUNCE_MS);
  const localities = useLocalitySearch(countyCode, locality && cityText === localityLabel(locality) ? locality.localityName : cityText);
  const streetText = useDebouncedValue(streetInput, AUTOCOMPLETE_DEBOUNCE_MS);
  const streets = useStreetSearch(countyCode, city, streetText === street ? street : streetText, hasStreets);

  // An address opened for editing (county and city already there at mount): find its locality once,
  // to know whether it has streets, and the codes of its street.
  const initial = useRef({ countyCode, city, postalCode, street });
  useEffect(() => {
    const { countyCode: c, city: name, postalCode: code, street: st } = initial.current;
    if (!c || !name) return;
    let cancelled = false;
    void fetchLocality(c, name, code).then((l) => {
      if (!l || cancelled) return;
      setLocality(l);
      setCityInput(localityLabel(l));
      // The city is a known locality: a message about a typed one is stale.
      if (form.getFieldState('city').error?.message === m.cityInvalid) clearErrors('city');
      if (l.postalCode === '0' && st) void fetchStreetCodes(l.localityName, c, st).then((codes) => !cancelled && setStreetCodes(codes)).catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
    // Once, at mount (the form's methods are a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new house number can move the address to another code of the same street. Only the number
  // (or the street) changing does this: a postal code the user typed is never overwritten.
  const lastNumber = useRef(houseNumber);
  useEffect(() => {
    if (lastNumber.current === houseNumber) return;
    lastNumber.current = houseNumber;
    if (streetCodes.length < 2) return;
    const code = codeForNumber(streetCodes, houseNumber);
    if (code && code !== form.getValues('postalCode')) setValue('postalCode', code, { shouldDirty: true, shouldValidate: true });
  }, [houseNumber, streetCodes, form, setValue]);

  // Messages the schema cannot know (a city typed but not chosen, a postal code that does not
  // exist) are put back after each submit, which replaces all errors with the schema's.
  const invalidPostalCode = useRef<string | null>(null);
  const cityTyped = cityInput.trim() !== '' && (!locality || localityLabel(locality) !== cityInput);
  const submitCount = formState.submitCount;
  // Fields mounted anew after a submit (a form refilled them) wait for the next submit: at mount
  // the city is not chosen yet, only being looked up.
  const submitsSeen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === 0 || submitCount === submitsSeen.current) return;
    submitsSeen.current = submitCount;
    if (cityTyped) setError('city', { type: 'manual', message: m.cityInvalid });
    if (invalidPostalCode.current && invalidPostalCode.current === form.getValues('postalCode')) {
      setError('postalCode', { type: 'manual', message: m.postalCodeInvalid });
    }
    // Only after a submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  const chooseCounty = (code: string) => {
    setValue('countyCode', code, { shouldDirty: true, shouldValidate: true });
    setLocality(null);
    setCityInput('');
    setStreetInput('');
    setStreetCodes([]);
    setCodeStreets([]);
    for (const f of ['city', 'postalCode', 'street'] as const) setValue(f, '', { shouldDirty: true });
  };

  const chooseLocality = (l: TLocality | null, validate = true) => {
    setLocality(l);
    // A locality from the list is valid whatever the form's own check says of the rest.
    if (l) clearErrors('city');
    setStreetInput('');
    setStreetCodes([]);
    setCodeStreets([]);
    setValue('street', '', { shouldDirty: true });
    setValue('city', l?.localityName ?? '', { shouldDirty: true, shouldValidate: validate });
    setValue('postalCode', l && l.postalCode !== '0' ? l.postalCode : '', { shouldDirty: true, shouldValidate: !!l && l.postalCode !== '0' });
  };

  const chooseStreet = async (name: string | null) => {
    setValue('street', name ?? '', { shouldDirty: true, shouldValidate: true });
    setStreetCodes([]);
    // A street of the postal code the user typed keeps that code.
    if (!name || !locality || codeStreets.includes(name)) return;
    try {
      const codes = await fetchStreetCodes(locality.localityName, countyCode, name);
      setStreetCodes(codes);
      const code = codeForNumber(codes, form.getValues('number'));
      if (code) setValue('postalCode', code, { shouldDirty: true, shouldValidate: true });
    } catch {
      setError('street', { type: 'server', message: m.streetInvalid });
    }
  };

  /** A typed postal code fills county and city (sectors too), and the street when it covers only one. */
  const lookUpPostalCode = async (code: string) => {
    try {
      const found = await fetchPostalCodeReverse(code);
      setValue('countyCode', found.countyCode, { shouldDirty: true, shouldValidate: true });
      setLocality(found.locality);
      setCityInput(localityLabel(found.locality));
      setValue('city', found.locality.localityName, { shouldDirty: true, shouldValidate: true });
      const names = found.street.map((s) => s.name);
      const only = names.length === 1 ? names[0]! : '';
      setValue('street', only, { shouldDirty: true });
      setStreetInput(only);
      setCodeStreets(names.length > 1 ? names : []);
      // The code the user typed is the one to keep: no street codes to re-pick from.
      setStreetCodes([]);
      invalidPostalCode.current = null;
      clearErrors(['postalCode', 'city', 'countyCode']);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        invalidPostalCode.current = code;
        setError('postalCode', { type: 'server', message: m.postalCodeInvalid });
      }
    }
  };

  const cityOptions = localities.data?.pages.flatMap((p) => p.list) ?? [];
  // Enter pressed before the list of what was typed arrived: the best match of that text is taken.
  const [cityOpen, setCityOpen] = useState(false);
  const cityPending = cityInput.trim() !== '' && (cityText !== cityInput || localities.isFetching);
  const enterFor = useRef('');
  const chooseBestCity = async (typed: string) => {
    enterFor.current = typed;
    const best = (await fetchLocalities(countyCode, typed).catch(() => []))[0];
    if (!best || enterFor.current !== typed) return;
    chooseLocality(best);
    setCityInput(localityLabel(best));
    setCityOpen(false);
  };
  const searchedStreets = streets.data?.pages.flatMap((p) => p.list.map((s) => s.name)) ?? [];
  const streetOptions = codeStreets.length > 0 && !streetInput.trim() ? codeStreets : searchedStreets;
  const streetHint = codeStreets.length > 0 && !street ? m.postalCodeStreets(postalCode) : undefined;
  const text = (name: keyof AddressFormValues, label: string, extra: { autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <TextField
      label={label}
      disabled={disabled || (name === 'street' && lockStreet)}
      {...form.register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      autoComplete={extra.autoComplete ?? 'off'}
      slotProps={{ htmlInput: { inputMode: extra.inputMode } }}
    />
  );

  return (
    // On a phone a field takes the whole row, but the short ones (number, block, entrance, intercom,
    // floor, apartment) go two to a row.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(6, 1fr)' }, '& > *': { gridColumn: 'span 2' } }}>
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <Controller
          control={form.control}
          name="countyCode"
          render={({ field }) => (
            <CountyField
              value={field.value}
              onChange={chooseCounty}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              error={errors.countyCode?.message}
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <Autocomplete<TLocality>
          value={locality}
          onChange={(_, l) => chooseLocality(l)}
          inputValue={cityInput}
          onInputChange={(_, v, reason) => {
            if (reason === 'reset' && !v) return;
            setCityInput(v);
            enterFor.current = '';
            // Text that no longer names the chosen locality: the city must be chosen again from the list.
            if (reason === 'input' && locality && v !== localityLabel(locality)) chooseLocality(null, false);
          }}
          clearOnBlur={false}
          open={cityOpen}
          onOpen={() => setCityOpen(true)}
          onClose={() => setCityOpen(false)}
          autoHighlight
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !cityPending) return;
            event.defaultMuiPrevented = true;
            event.preventDefault();
            void chooseBestCity(cityInput);
          }}
          options={cityOptions}
          filterOptions={(x) => x}
          getOptionLabel={localityLabel}
          getOptionKey={(l) => `${l.localityName}|${l.postalCode}|${l.upLocality ?? ''}`}
          isOptionEqualToValue={(a, b) => a.localityName === b.localityName && a.postalCode === b.postalCode}
          disabled={disabled || !countyCode}
          loading={localities.isFetching}
          noOptionsText={cityInput ? 'Nicio localitate gasita' : 'Scrieti numele localitatii'}
          loadingText="Se cauta..."
          slotProps={{ listbox: { onScroll: nextPageOnScroll(localities) } }}
          onBlur={() => {
            if (cityTyped) setError('city', { type: 'manual', message: m.cityInvalid });
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Localitate"
              name="city"
              error={!!errors.city}
              helperText={errors.city?.message ?? (!countyCode ? 'Alegeti mai intai judetul' : undefined)}
              slotProps={{
                input: {
                  ...params.InputProps,
                  endAdornment: (
                    <>
                      {localities.isFetching ? <CircularProgress size={18} aria-label="Se cauta" /> : null}
                      {params.InputProps.endAdornment}
                    </>
                  ),
                },
                // The hint under the disabled field keeps a readable colour (WCAG contrast); a message stays red.
                formHelperText: { sx: { '&.Mui-disabled': { color: errors.city ? 'error.main' : 'text.secondary' } } },
              }}
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <Controller
          control={form.control}
          name="postalCode"
          render={({ field }) => (
            <TextField
              label="Cod postal"
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              disabled={disabled}
              autoComplete="postal-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              onChange={(e) => {
                const code = e.target.value.replace(/\D/g, '').slice(0, 6);
                field.onChange(code);
                if (POSTAL_CODE_PATTERN.test(code)) void lookUpPostalCode(code);
              }}
              error={!!errors.postalCode}
              helperText={errors.postalCode?.message}
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: { sm: 'span 4' } }}>
        {hasStreets ? (
          <Autocomplete<string>
            value={street || null}
            onChange={(_, s) => void chooseStreet(s)}
            inputValue={streetInput}
            onInputChange={(_, v, reason) => {
              if (reason !== 'reset' || v) setStreetInput(v);
            }}
            options={streetOptions}
            filterOptions={(x) => x}
            disabled={disabled || lockStreet}
            loading={streets.isFetching}
            noOptionsText={streetInput ? 'Nicio strada gasita' : 'Scrieti numele strazii'}
            loadingText="Se cauta..."
            slotProps={{ listbox: { onScroll: nextPageOnScroll(streets) } }}
            renderInput={(params) => (
              <TextField {...params} label="Strada" name="street" error={!!errors.street} helperText={errors.street?.message ?? streetHint} />
            )}
          />
        ) : (
          text('street', 'Strada', { autoComplete: 'address-line1' })
        )}
      </Box>
      <Box sx={{ gridColumn: { xs: 'span 1', sm: 'span 2' } }}>{text('number', 'Numar')}</Box>
      {variant === 'full' && (
        <>
          <Box sx={{ gridColumn: { xs: 'span 1', sm: 'span 2' } }}>{text('block', 'Bloc')}</Box>
          <Box sx={{ gridColumn: { xs: 'span 1', sm: 'span 1' } }}>{text('entrance', 'Scara')}</Box>
          <Box sx={{ gridColumn: { xs: 'span 1', sm: 'span 1' } }}>{text('intercom', 'Interfon')}</Box>
          <Box sx={{ gridColumn: { xs: 'span 1', sm: 'span 1' } }}>{text('floor', 'Etaj')}</Box>
          <Box sx={{ gridColumn: { xs: 'span 1', sm: 'span 1' } }}>{text('apartment', 'Apartament')}</Box>
        </>
      )}
      <Box sx={{ gridColumn: { sm: 'span 6' } }}>{text('additionalInfo', 'Alte informatii')}</Box>
    </Box>
  );
}

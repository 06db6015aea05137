import { ADDRESS_CORRECTION_ERRORS, STORE_ADDRESS_MESSAGES, type TAddressSuggestion, type TShippingTo } from '@colete/contract';
import { Alert, AlertTitle, Box, Button, Chip } from '@mui/material';
import { useCounties } from '../../../components/address-form/geo-api';
import { suggestionLabel, type CorrectionType } from './delivery-address-rules';

const M = STORE_ADDRESS_MESSAGES;

function errorText(type: CorrectionType, hasSuggestions: boolean): string {
  if (type === 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR') return M.combination;
  if (type === 'STREET_ERROR') return hasSuggestions ? M.street : M.streetNoSuggestion;
  return M.number;
}

/**
 * What the system corrected (a highlighted notice list) and what it could not: each correction
 * error with its suggestions as buttons (CHANGE_DEFAULT is the one already applied; clicking it
 * confirms it). The street's suggestions lock the street field until 'Alta strada' unlocks it.
 */
export function CorrectionNotices({
  shippingTo,
  onApply,
  streetLocked,
  onUnlockStreet,
}: {
  shippingTo: TShippingTo;
  onApply: (type: CorrectionType, suggestion: TAddressSuggestion) => void;
  streetLocked: boolean;
  onUnlockStreet: () => void;
}) {
  const counties = useCounties();
  const countyName = (code: string) => counties.data?.find((c) => c.code === code)?.name ?? code;
  const errors = shippingTo.errors.filter((e) => (ADDRESS_CORRECTION_ERRORS as readonly string[]).includes(e.type));
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {shippingTo.info.length > 0 && (
        <Alert severity="warning" variant="outlined" data-testid="address-corrected">
          <AlertTitle>{M.corrected}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {shippingTo.info.map((i) => (
              <li key={i.message}>{i.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {errors.map((error) => (
        <Alert key={error.type} severity="error" data-testid={`correction-${error.type}`}>
          {errorText(error.type, error.suggestions.length > 0)}
          {error.suggestions.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {error.suggestions.map((s) => {
                const label = suggestionLabel(error.type, s, countyName);
                const applied = s.type === 'CHANGE_DEFAULT';
                return (
                  <Chip
                    key={`${s.type}|${label}`}
                    label={applied ? `${label} (${M.applied})` : label}
                    color={applied ? 'primary' : 'default'}
                    variant={applied ? 'filled' : 'outlined'}
                    onClick={() => onApply(error.type, s)}
                    sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
                  />
                );
              })}
              {error.type === 'STREET_ERROR' && streetLocked && (
                <Button size="small" onClick={onUnlockStreet}>
                  {M.unlockStreet}
                </Button>
              )}
            </Box>
          )}
        </Alert>
      ))}
    </Box>
  );
}

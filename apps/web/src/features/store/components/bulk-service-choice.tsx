import { STORE_BULK_MESSAGES, type TStoreBulkServicesRequest } from '@colete/contract';
import { Alert, CircularProgress, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { formatMoneyBani } from '../../../lib/format';
import { useBulkServices } from '../api/store-bulk';

const m = STORE_BULK_MESSAGES;

/** null: each order's own service; undefined: one for all, not chosen yet; a string: the one for all. */
type Props = { clientId: number; request: TStoreBulkServicesRequest; serviceId: string | null | undefined; onChange: (serviceId: string | null | undefined) => void };

/**
 * Issue 24: the courier service of the run: each order's own (its saved one, else the cheapest), or
 * one service for all, chosen among those the run's orders (the checked ones, or all those matching
 * the list's filters) can go with, asked of the server only then; the orders it cannot carry are said
 * before the run, and reported by it, never switched.
 */
export function BulkServiceChoice({ clientId, request, serviceId, onChange }: Props) {
  const forAll = serviceId !== null;
  const services = useBulkServices(clientId, request, forAll);
  const chosen = services.data?.services.find((s) => s.serviceId === serviceId);
  return (
    <FormControl sx={{ mt: 2, width: '100%' }}>
      <FormLabel id="bulk-service-label">{m.serviceChoice}</FormLabel>
      <RadioGroup aria-labelledby="bulk-service-label" value={forAll ? 'all' : 'each'} onChange={(e) => onChange(e.target.value === 'all' ? undefined : null)}>
        <FormControlLabel value="each" control={<Radio />} label={m.servicePerOrder} />
        <FormControlLabel value="all" control={<Radio />} label={m.serviceForAll} />
      </RadioGroup>
      {forAll && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {services.isPending ? (
            <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={16} aria-hidden /> {m.servicesLoading}
            </Typography>
          ) : services.isError ? (
            <Alert severity="error">{m.servicesFailed}</Alert>
          ) : services.data.services.length === 0 ? (
            <Alert severity="warning">{m.servicesNone}</Alert>
          ) : (
            <TextField select label={m.serviceLabel} value={serviceId ?? ''} onChange={(e) => onChange(e.target.value || undefined)} fullWidth>
              {services.data.services.map((s) => (
                <MenuItem key={s.serviceId} value={s.serviceId}>
                  {m.serviceOption(s.courierName, s.serviceName, s.carries, services.data.parts, formatMoneyBani(s.totalBani))}
                </MenuItem>
              ))}
            </TextField>
          )}
          {chosen && services.data && chosen.carries < services.data.parts && <Alert severity="warning">{m.serviceNotAll(services.data.parts - chosen.carries)}</Alert>}
        </Stack>
      )}
    </FormControl>
  );
}

import type { TAddressEntry } from '@colete/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Box, Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { entryLocalityLine, entryStreetLine } from '../../../components/address-form/address-text';

const LOCKED_HINT = 'Adresa este folosita ca punct de ridicare si nu poate fi modificata sau stearsa.';

export function AddressCard({ entry, onEdit, onDelete }: { entry: TAddressEntry; onEdit: () => void; onDelete: () => void }) {
  const locked = entry.type === 10;
  return (
    <Card component="article" aria-label={entry.shortName} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem' }}>
            {entry.shortName}
          </Typography>
          {locked && <Chip size="small" color="warning" variant="outlined" icon={<LockOutlinedIcon />} label="Punct de ridicare" />}
        </Stack>
        <Typography sx={{ fontWeight: 600 }}>
          {entry.contactName}
          {entry.contactCompany ? ` · ${entry.contactCompany}` : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
          <PhoneOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{entry.contactPhone}</Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary', mt: 0.5 }}>
          <PlaceOutlinedIcon fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
          <Box>
            <Typography variant="body2">{entryStreetLine(entry)}</Typography>
            <Typography variant="body2">{entryLocalityLine(entry)}</Typography>
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Tooltip title={locked ? LOCKED_HINT : ''}>
          <span>
            <IconButton aria-label={`Modifica adresa ${entry.shortName}`} onClick={onEdit} disabled={locked}>
              <EditOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={locked ? LOCKED_HINT : ''}>
          <span>
            <IconButton aria-label={`Sterge adresa ${entry.shortName}`} onClick={onDelete} disabled={locked} color="error">
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </CardActions>
    </Card>
  );
}

import { FAVOURITE_DEBOUNCE_MS, messages } from '@colete/contract';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { IconButton, Tooltip } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useToggleFavourite } from '../api/toggle-favourite';

/**
 * The favourite star of a packaging template (spec 001 section 4): it turns at once, and the toggle
 * is sent FAVOURITE_DEBOUNCE_MS after the last click, only when the wanted state still differs from
 * the saved one (two quick clicks send nothing). The button is disabled while the call is pending; a
 * failure puts the star back and says so.
 */
export function FavouriteButton({ id, name, favourite }: { id: number; name: string; favourite: boolean }) {
  const toggle = useToggleFavourite();
  const { enqueueSnackbar } = useSnackbar();
  const [wanted, setWanted] = useState(favourite);
  const [saved, setSaved] = useState(favourite);
  // The list was read again (another tab, a reload of the page's data): follow it.
  const [seen, setSeen] = useState(favourite);
  if (favourite !== seen) {
    setSeen(favourite);
    setSaved(favourite);
    setWanted(favourite);
  }
  const settled = useDebouncedValue(wanted, FAVOURITE_DEBOUNCE_MS);

  useEffect(() => {
    if (settled === saved || toggle.isPending) return;
    toggle.mutate(id, {
      onSuccess: (data) => {
        setSaved(data.favourite);
        setWanted(data.favourite);
      },
      onError: () => {
        setWanted(saved);
        enqueueSnackbar(messages.templates.settingsError, { variant: 'error' });
      },
    });
    // Only the settled wish sends a call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const label = wanted ? 'Scoate de la favorite' : 'Marcheaza ca favorit';
  return (
    <Tooltip title={label} describeChild>
      <span>
        <IconButton
          aria-label={`Favorit: ${name}`}
          aria-pressed={wanted}
          onClick={() => setWanted((w) => !w)}
          disabled={toggle.isPending}
          sx={{ color: wanted ? 'warning.main' : undefined }}
        >
          {wanted ? <StarIcon /> : <StarBorderIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

import { messages } from '@colete/contract';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, ButtonGroup, CircularProgress, Menu, MenuItem } from '@mui/material';
import { useSnackbar } from '../../lib/snackbar';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { labelHref } from './shipment-tracking';

/**
 * 'Descarca eticheta {format}' (spec 002 section 2.1): the default format (the first the courier
 * prints) as the button, the others in its menu. The PDF is fetched, so a failure shows
 * the server's own text when it refused the label (a 4xx: cancelled, not activated, a format the
 * courier does not print, the courier's refusal), else 'A intervenit o eroare in descarcarea
 * AWB-ului!'; either for 10 s, the spec's error duration.
 */
export function LabelDownload({ uniqueId, formats }: { uniqueId: string; formats: string[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [first, ...others] = formats;
  if (!first) return null;

  const download = async (format: string) => {
    setAnchor(null);
    setPending(format);
    try {
      await downloadFile(labelHref(uniqueId, format), `eticheta-${uniqueId}-${format}.pdf`);
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      enqueueSnackbar(refused ? error.message : messages.shipments.labelError, { variant: 'error', autoHideDuration: 10_000 });
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <ButtonGroup variant="outlined" aria-label="Descarcare eticheta">
        <Button
          onClick={() => void download(first)}
          disabled={pending !== null}
          startIcon={pending === first ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
        >
          Descarca eticheta {first}
        </Button>
        {others.length > 0 && (
          <Button
            size="small"
            aria-label="Alte formate de eticheta"
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            disabled={pending !== null}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <ArrowDropDownIcon />
          </Button>
        )}
      </ButtonGroup>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {formats.map((f) => (
          <MenuItem key={f} onClick={() => void download(f)}>
            Descarca eticheta {f}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

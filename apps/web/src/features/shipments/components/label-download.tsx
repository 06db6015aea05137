import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, ButtonGroup, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useActingParams } from '../../../lib/selected-client';
import { labelHref } from '../api/shipment-keys';

/**
 * 'Descarca eticheta {format}' (spec 002 section 2.1): the default format (the first the courier
 * prints) as the button, the others in its menu. Each is a plain download of the label PDF.
 */
export function LabelDownload({ uniqueId, formats }: { uniqueId: string; formats: string[] }) {
  const { selectedClient } = useActingParams();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [first, ...others] = formats;
  if (!first) return null;
  return (
    <>
      <ButtonGroup variant="outlined" aria-label="Descarcare eticheta">
        <Button component="a" href={labelHref(uniqueId, first, selectedClient)} download startIcon={<DownloadIcon />}>
          Descarca eticheta {first}
        </Button>
        {others.length > 0 && (
          <Button
            size="small"
            aria-label="Alte formate de eticheta"
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <ArrowDropDownIcon />
          </Button>
        )}
      </ButtonGroup>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {formats.map((f) => (
          <MenuItem key={f} component="a" href={labelHref(uniqueId, f, selectedClient)} download onClick={() => setAnchor(null)}>
            Descarca eticheta {f}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

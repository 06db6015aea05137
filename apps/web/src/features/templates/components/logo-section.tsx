import { TEMPLATE_LOGO_MAX_BYTES, messages } from '@colete/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';

const m = messages.templates;

/** The logo the editor will send: a new file, the saved one kept, or the saved one removed. */
export type LogoState = { file: File | null; removed: boolean };

/** Reads the file's first bytes: an image is known by its content, not its name (PNG, JPEG, GIF, WebP; SVG apart). */
async function imageKind(file: File): Promise<'raster' | 'svg' | null> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46, 0x38)) return 'raster';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...head.slice(8, 12)) === 'WEBP') return 'raster';
  const text = new TextDecoder().decode(head).trimStart().toLowerCase();
  return (text.startsWith('<?xml') || text.startsWith('<svg') || text.startsWith('<!--')) && text.includes('<svg') ? 'svg' : null;
}

/** The three checks of spec 001 sections 5 and 8, in the browser; the server checks again. */
export async function checkLogo(files: FileList | File[]): Promise<{ problem: string } | { kind: 'raster' | 'svg' }> {
  const file = files[0];
  if (files.length !== 1 || !file) return { problem: m.uploadOneFile };
  if (file.size > TEMPLATE_LOGO_MAX_BYTES) return { problem: m.uploadTooLarge };
  const kind = await imageKind(file);
  return kind ? { kind } : { problem: m.uploadNotImage };
}

/**
 * Section 4: one image, uploaded right after the template is saved (it needs the uniqueId). A
 * raster image is previewed at once; an SVG only once the server has checked and accepted it (the
 * server refuses an SVG that could run or load anything), so until the save it is named, not drawn.
 */
export function LogoSection({ saved, state, onChange }: { saved: string | null; state: LogoState; onChange: (s: LogoState) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [svg, setSvg] = useState(false);
  const preview = useMemo(() => (state.file && !svg ? URL.createObjectURL(state.file) : null), [state.file, svg]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (chosen: FileList | null) => {
    // A copy: the input is cleared right away so the same file can be chosen again.
    const files = Array.from(chosen ?? []);
    if (files.length === 0) return;
    const checked = await checkLogo(files);
    setError('problem' in checked ? checked.problem : null);
    if ('kind' in checked && files[0]) {
      setSvg(checked.kind === 'svg');
      onChange({ file: files[0], removed: false });
    }
  };
  const pendingSvg = svg && state.file ? state.file : null;
  const shown = pendingSvg ? null : (preview ?? (state.removed ? null : saved));

  return (
    <Stack spacing={2}>
      <Box
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void pick(e.dataTransfer.files);
        }}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: error ? 'error.main' : 'divider', borderRadius: 2, p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Box sx={{ width: 96, height: 96, borderRadius: 1, bgcolor: 'background.default', display: 'grid', placeItems: 'center', overflow: 'hidden', flexShrink: 0 }}>
          {shown ? (
            <Box component="img" src={shown} alt="Logo sablon" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {pendingSvg ? 'SVG' : 'Fara logo'}
            </Typography>
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          {pendingSvg ? (
            <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              <strong>{pendingSvg.name}</strong>: imaginea SVG este verificata la salvarea sablonului si apare aici dupa ce este acceptata.
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              O singura imagine (png, jpg, svg...), de maxim 50 KB. Trageti fisierul aici sau alegeti-l.
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlinedIcon />}>
              Alege logo
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                hidden
                onChange={(e) => {
                  void pick(e.target.files);
                  e.target.value = '';
                }}
              />
            </Button>
            {(shown || pendingSvg) && (
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => { setError(null); setSvg(false); onChange({ file: null, removed: true }); }}>
                Sterge logo
              </Button>
            )}
          </Stack>
        </Box>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

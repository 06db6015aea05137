import { TEMPLATE_LOGO_MAX_BYTES, messages } from '@colete/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';

const m = messages.templates;

/** The logo the editor will send: a new file, the saved one kept, or the saved one removed. */
export type LogoState = { file: File | null; removed: boolean };

/** Reads the file's first bytes: an image is known by its content, not its name (PNG, JPEG, GIF, WebP, SVG). */
async function looksLikeImage(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46, 0x38)) return true;
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...head.slice(8, 12)) === 'WEBP') return true;
  const text = new TextDecoder().decode(head).trimStart().toLowerCase();
  return (text.startsWith('<?xml') || text.startsWith('<svg') || text.startsWith('<!--')) && text.includes('<svg');
}

/** The three checks of spec 001 sections 5 and 8, in the browser; the server checks again. */
export async function checkLogo(files: FileList | File[]): Promise<string | null> {
  const file = files[0];
  if (files.length !== 1 || !file) return m.uploadOneFile;
  if (file.size > TEMPLATE_LOGO_MAX_BYTES) return m.uploadTooLarge;
  if (!(await looksLikeImage(file))) return m.uploadNotImage;
  return null;
}

/** Section 4: one image, previewed before the template is saved (it is uploaded right after the save). */
export function LogoSection({ saved, state, onChange }: { saved: string | null; state: LogoState; onChange: (s: LogoState) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (state.file ? URL.createObjectURL(state.file) : null), [state.file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (chosen: FileList | null) => {
    // A copy: the input is cleared right away so the same file can be chosen again.
    const files = Array.from(chosen ?? []);
    if (files.length === 0) return;
    const problem = await checkLogo(files);
    setError(problem);
    if (!problem && files[0]) onChange({ file: files[0], removed: false });
  };
  const shown = preview ?? (state.removed ? null : saved);

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
          {shown ? <Box component="img" src={shown} alt="Logo sablon" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : <Typography variant="body2" color="text.secondary">Fara logo</Typography>}
        </Box>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            O singura imagine (png, jpg, svg...), de maxim 50 KB. Trageti fisierul aici sau alegeti-l.
          </Typography>
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
            {shown && (
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => { setError(null); onChange({ file: null, removed: true }); }}>
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

import { Box, type SxProps, type Theme } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML written by a merchant (the terms): the server sanitised it on save, the browser does it again before showing it. */
export function SafeHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] }), [html]);
  return <Box sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}

import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame of the sign-in and register pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #0f3276 0%, #1747a6 55%, #f4f6fb 55%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 440, boxShadow: 6, border: 0 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, color: 'primary.main' }}>
            <LocalShippingOutlinedIcon aria-hidden />
            <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              Colete Online
            </Typography>
          </Box>
          <Typography variant="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

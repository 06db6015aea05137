import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Pagina nu exista');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 2, textAlign: 'center' }}>
      <Typography variant="h1">Pagina nu exista</Typography>
      <Typography color="text.secondary">Adresa accesata nu corespunde niciunei pagini.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Inapoi la pagina principala
      </Button>
    </Box>
  );
}

import { messages } from '@colete/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDocumentMeta } from '../../../lib/use-document-meta';

/** The page's meta tags for search engines (spec 001 section 2: about courier prices and packing templates). */
const META = {
  title: messages.templates.pageTitle,
  robots: 'index,follow',
  keywords: 'preturi curierat, tarife curier, sabloane impachetare, sabloane comenzi, ambalaje colete, retur colete, Colete Online',
  description:
    'Sabloane de impachetare si sabloane de comenzi pe Colete Online: salvati coletele si ambalajele folosite des si comparati preturile de curierat ale mai multor curieri in cateva secunde.',
};

type Area = { title: string; description: string; path: string; icon: ReactNode };

const AREAS: Area[] = [
  {
    title: 'Impachetare',
    description: 'Marfa ambalata si tipurile de ambalaje salvate: completati coletele unei comenzi noi dintr-un singur clic.',
    path: '/profile/templates/packaging/packages/list',
    icon: <Inventory2OutlinedIcon sx={{ fontSize: 48 }} />,
  },
  {
    title: 'Comenzi',
    description: 'Sabloane de comanda cu link public de retur si formular de retur pentru clientii dumneavoastra.',
    path: '/profile/templates/orders/list',
    icon: <AssignmentReturnOutlinedIcon sx={{ fontSize: 48 }} />,
  },
];

/** /profile/templates (spec 001 section 2): the template areas as cards, with the page's own title and meta tags. */
export default function TemplatesLandingPage() {
  useDocumentMeta(META);
  return (
    <>
      <PageHeader title="Sabloane" subtitle="Sabloanele disponibile pentru comenzile si coletele dumneavoastra." />
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 1000 }}>
        {AREAS.map((area) => (
          <li key={area.path}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={area.path} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', height: '100%', p: { xs: 2, sm: 3 } }}>
                  <Box aria-hidden sx={{ color: 'primary.main', bgcolor: 'rgba(23, 71, 166, 0.08)', borderRadius: 3, p: 2, display: 'flex', flexShrink: 0 }}>
                    {area.icon}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="h2" component="h2" sx={{ mb: 0.5 }}>
                      {area.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {area.description}
                    </Typography>
                  </Box>
                  <ChevronRightIcon color="action" aria-hidden />
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </>
  );
}

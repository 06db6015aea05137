import { messages } from '@colete/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDocumentMeta } from '../../../lib/use-document-meta';

const t = messages.templatesLanding;

type Area = { title: string; description: string; path: string; icon: ReactNode };

const AREAS: Area[] = [
  { title: t.packagingTitle, description: t.packagingDescription, path: '/profile/templates/packaging/packages/list', icon: <Inventory2OutlinedIcon sx={{ fontSize: 48 }} /> },
  { title: t.ordersTitle, description: t.ordersDescription, path: '/profile/templates/orders/list', icon: <AssignmentReturnOutlinedIcon sx={{ fontSize: 48 }} /> },
];

/** /profile/templates (spec 001 section 2): the template areas as cards, with the page's own title and meta tags. */
export default function TemplatesLandingPage() {
  useDocumentMeta({ title: t.documentTitle, robots: 'index,follow', keywords: t.keywords, description: t.description });
  return (
    <>
      <PageHeader title={t.heading} subtitle={t.subtitle} />
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

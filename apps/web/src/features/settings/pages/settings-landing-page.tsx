import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SETTINGS_SECTIONS, type SettingsSection } from '../settings-sections';

function SectionCardBody({ section }: { section: SettingsSection }) {
  return (
    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', height: '100%' }}>
      <Box
        aria-hidden
        sx={{
          color: section.path ? 'primary.main' : 'text.secondary',
          bgcolor: section.path ? 'rgba(23, 71, 166, 0.08)' : 'action.hover',
          borderRadius: 2,
          p: 1.25,
          display: 'flex',
        }}
      >
        {section.icon}
      </Box>
      <Box sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
            {section.title}
          </Typography>
          {!section.path && <Chip size="small" label="In curand" variant="outlined" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {section.description}
        </Typography>
      </Box>
      {section.path && <ChevronRightIcon color="action" aria-hidden />}
    </CardContent>
  );
}

export default function SettingsLandingPage() {
  return (
    <>
      <PageHeader title="Setari" subtitle="Alegeti sectiunea pe care doriti sa o modificati." />
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
      >
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.title}>
            <Card sx={{ height: '100%', opacity: section.path ? 1 : 0.85 }}>
              {section.path ? (
                <CardActionArea component={RouterLink} to={section.path} sx={{ height: '100%' }}>
                  <SectionCardBody section={section} />
                </CardActionArea>
              ) : (
                <SectionCardBody section={section} />
              )}
            </Card>
          </li>
        ))}
      </Box>
    </>
  );
}

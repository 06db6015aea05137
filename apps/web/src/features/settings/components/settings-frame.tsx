import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';

/** A settings section: back to the landing page, title, and its card with loading and error states. */
export function SettingsFrame({
  title,
  subtitle,
  status,
  onRetry,
  tabs,
  children,
}: {
  title: string;
  subtitle: string;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  tabs?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Button component={RouterLink} to="/profile/settings" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Setari
      </Button>
      <PageHeader title={title} subtitle={subtitle} />
      {tabs}
      <Card sx={{ maxWidth: 820 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {status === 'pending' ? <LoadingState /> : status === 'error' ? <ErrorState onRetry={onRetry} /> : children}
        </CardContent>
      </Card>
    </>
  );
}

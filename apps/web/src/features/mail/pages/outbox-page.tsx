import { MAIL_OUTBOX_PAGE_SIZE, messages } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { PAGE_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useOutbox } from '../api/get-outbox';
import { OutboxList } from '../components/outbox-list';
import { OutboxMailDialog } from '../components/outbox-mail-dialog';

export default function OutboxPage() {
  const { values: { page }, update } = useTableQuery(PAGE_TABLE);
  const outbox = useOutbox({ page });
  const [open, setOpen] = useState<number | null>(null);

  const rows = outbox.data?.list ?? [];
  const count = outbox.data?.count ?? 0;
  useClampPage({ isPlaceholderData: outbox.isPlaceholderData, rows: rows.length, count }, page, MAIL_OUTBOX_PAGE_SIZE, update);

  return (
    <>
      <Button component={RouterLink} to="/profile/settings/notify/mail" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Notificari
      </Button>
      <PageHeader title={messages.mail.outboxTitle} subtitle="Notificarile trimise prin email si SMS din acest cont, cele mai noi primele." />
      {outbox.data?.mode === 'outbox' && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 1100 }}>
          {messages.mail.outboxMode}
        </Alert>
      )}
      <Card sx={{ maxWidth: 1100 }}>
        <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
          {outbox.isPending ? (
            <LoadingState label="Se incarca emailurile..." />
          ) : outbox.isError ? (
            <ErrorState onRetry={() => void outbox.refetch()} />
          ) : rows.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
              <MarkEmailReadOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
              <Typography>{messages.mail.empty}</Typography>
            </Box>
          ) : (
            <Box sx={{ opacity: outbox.isPlaceholderData ? 0.6 : 1 }}>
              <OutboxList mails={rows} onOpen={(m) => setOpen(m.id)} />
              <Paginator page={page} pageSize={MAIL_OUTBOX_PAGE_SIZE} count={count} onChange={(next) => update({ page: next })} />
            </Box>
          )}
        </CardContent>
      </Card>
      {open !== null && <OutboxMailDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

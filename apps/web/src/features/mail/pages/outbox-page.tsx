import { MAIL_OUTBOX_PAGE_SIZE, messages } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { useOutbox } from '../api/get-outbox';
import { OutboxList } from '../components/outbox-list';
import { OutboxMailDialog } from '../components/outbox-mail-dialog';

/** The page lives in the URL, so a reload or a shared link shows the same page of mail. */
function useOutboxTableQuery() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(params.get('page'))) || 1));
  const setPage = (next: number) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next > 1) out.set('page', String(next));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  return { page, setPage };
}

export default function OutboxPage() {
  const { page, setPage } = useOutboxTableQuery();
  const outbox = useOutbox({ page });
  const [open, setOpen] = useState<number | null>(null);

  const rows = outbox.data?.list ?? [];
  const count = outbox.data?.count ?? 0;
  // A page past the end (an old link): go to the last page.
  useEffect(() => {
    if (!outbox.isPlaceholderData && rows.length === 0 && count > 0 && page > 1) setPage(Math.ceil(count / MAIL_OUTBOX_PAGE_SIZE));
    // setPage is recreated each render; the page and the answer decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows.length, count, page, outbox.isPlaceholderData]);

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
              <Paginator page={page} pageSize={MAIL_OUTBOX_PAGE_SIZE} count={count} onChange={setPage} />
            </Box>
          )}
        </CardContent>
      </Card>
      {open !== null && <OutboxMailDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

import { messages } from '@colete/contract';
import { useSnackbar } from '../../../lib/snackbar';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useTemplate } from '../api/get-template';
import { TemplateEditor } from '../components/template-editor';

const LIST = '/profile/templates/orders/list';

/** /profile/templates/orders/new and /edit/{id}; a missing template goes back to the list with 'Sablonul nu exista!'. */
export default function TemplateEditorPage({ isAdmin }: { isAdmin: boolean }) {
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const badId = id !== undefined && !(Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const template = useTemplate(badId ? undefined : id);
  const { enqueueSnackbar } = useSnackbar();
  const missing = badId || (template.error instanceof ApiError && template.error.status === 404);

  useEffect(() => {
    if (missing) enqueueSnackbar(messages.templates.notFound, { variant: 'error', preventDuplicate: true });
  }, [missing, enqueueSnackbar]);

  const title = id === undefined ? 'Sablon nou' : 'Modifica sablonul';
  if (missing) return <Navigate to={LIST} replace />;
  return (
    <>
      <PageHeader title={title} subtitle="Adresa, optiunile, logo-ul si formularul de retur al link-ului public." />
      {id === undefined ? (
        <TemplateEditor isAdmin={isAdmin} />
      ) : template.isPending ? (
        <LoadingState label="Se incarca sablonul..." />
      ) : template.isError ? (
        <ErrorState onRetry={() => void template.refetch()} />
      ) : (
        <TemplateEditor key={template.data.id} detail={template.data} isAdmin={isAdmin} />
      )}
    </>
  );
}

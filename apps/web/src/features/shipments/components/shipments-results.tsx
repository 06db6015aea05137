import type { TShipmentSummary } from '@colete/contract';
import { Paginator } from '../../../components/paginator';
import { ShipmentsTable } from './shipments-table';

/**
 * The shipments list's rows and page links (MUI's Table, Chip, Avatar and Pagination): a chunk of its
 * own, which the list page asks for when it draws, beside the list's data, so the page's first
 * drawing (title, filters, the loading card) does not wait for it.
 */
export default function ShipmentsResults({
  rows,
  page,
  pageSize,
  count,
  onPageChange,
}: {
  rows: TShipmentSummary[];
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <>
      <ShipmentsTable rows={rows} />
      <Paginator page={page} pageSize={pageSize} count={count} onChange={onPageChange} />
    </>
  );
}

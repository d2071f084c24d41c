import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { listPageSizes, type ListPageSize } from '../../lib/use-server-list';

/** What the pages need from a useServerList list. */
interface PagedList {
  total: number;
  page: number;
  pageSize: ListPageSize;
  setPage: (page: number) => void;
  setPageSize: (size: ListPageSize) => void;
}

/** The pages under a server list (20, 50 or 100 rows), in the screen's language with its digits. */
export function ListPagination({ list }: { list: PagedList }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  return (
    <TablePagination
      component="div"
      count={list.total}
      page={Math.min(list.page, Math.max(0, Math.ceil(list.total / list.pageSize) - 1))}
      rowsPerPage={list.pageSize}
      rowsPerPageOptions={[...listPageSizes]}
      onPageChange={(_event, next) => list.setPage(next)}
      onRowsPerPageChange={(event) => list.setPageSize(Number(event.target.value) as ListPageSize)}
      labelRowsPerPage={t('list.pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('list.pagination.displayed', {
          from: formatQuantity(from, language),
          to: formatQuantity(to, language),
          total: formatQuantity(count, language),
        })
      }
      getItemAriaLabel={(type) => t(`list.pagination.${type}`)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    />
  );
}

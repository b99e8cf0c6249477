import type { Payment } from '@livent/shared';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links/button-link';
import { EmptyState } from '../../../components/page/empty-state';
import { notify } from '../../../lib/notifications';
import { fetchReceiptUrl, paymentsQueryOptions } from '../api/billing-api';
import { formatDate, formatMoney } from '../format';

const PAGE_SIZES = [10, 25, 50];
/** Phones keep date, amount, status and receipt on screen; the method is the least needed. */
const HIDDEN_ON_PHONES = { display: { xs: 'none', sm: 'table-cell' } } as const;

const STATUS_COLORS: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  completed: 'success',
  paid: 'success',
  failed: 'error',
  refunded: 'warning',
};

/** Opens the receipt in a new tab: the window opens at the click, so no pop-up blocker stops it. */
function useOpenReceipt() {
  const { t } = useTranslation('billing');
  return useMutation({
    mutationFn: async (payment: Payment) => {
      const opened = window.open('', '_blank');
      try {
        const url = payment.receiptUrl ?? (await fetchReceiptUrl(payment.id)).url;
        if (opened) {
          opened.opener = null;
          opened.location.href = url;
        } else {
          window.location.assign(url);
        }
      } catch (error) {
        opened?.close();
        throw error;
      }
    },
    onError: () => notify({ type: 'error', message: t('payments.receiptFailed') }),
  });
}

/**
 * The payment history (docs/product-spec.md section 3, "Payment history"): when, gross with its
 * currency, method, status and receipt, newest first and paged on the server.
 */
export function PaymentsList({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('billing');
  const { t: tLists } = useTranslation('lists');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const payments = useQuery(paymentsQueryOptions(page, pageSize));
  const openReceipt = useOpenReceipt();

  if (payments.data?.total === 0) {
    return (
      <EmptyState
        icon={ReceiptLongOutlined}
        title={t('payments.emptyTitle')}
        text={t('payments.emptyText')}
      >
        <ButtonLink to="/account/plan" variant="contained">
          {t('payments.emptyAction')}
        </ButtonLink>
      </EmptyState>
    );
  }

  const message = payments.isError
    ? t('payments.loadFailed')
    : !payments.data
      ? t('payments.loading')
      : null;

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table
          aria-label={t('payments.label')}
          sx={{
            '& th, & td': { px: { xs: 1, sm: 2 } },
            '& th:first-of-type, & td:first-of-type': { pl: 2 },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.date')}</TableCell>
              <TableCell align="right">{t('payments.gross')}</TableCell>
              <TableCell sx={HIDDEN_ON_PHONES}>{t('payments.method')}</TableCell>
              <TableCell>{t('payments.status')}</TableCell>
              <TableCell align="right">{t('payments.receipt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {message && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography
                    role={payments.isError ? 'alert' : 'status'}
                    sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}
                  >
                    {message}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {payments.data?.items.map((payment) => {
              const date = formatDate(payment.timestamp, i18n.language, timeZone, true);
              return (
                <TableRow key={payment.id} data-testid="payment">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {formatMoney(payment.gross, payment.currency, i18n.language)}
                  </TableCell>
                  <TableCell sx={HIDDEN_ON_PHONES}>
                    {payment.method
                      ? t(`payments.methods.${payment.method}` as 'payments.methods.card', {
                          defaultValue: payment.method,
                        })
                      : t('payments.unknownMethod')}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={STATUS_COLORS[payment.status] ?? 'default'}
                      // The provider's own word shows where we have no translation of it.
                      label={t(`payments.statuses.${payment.status}` as 'payments.statuses.paid', {
                        defaultValue: payment.status,
                      })}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {payment.hasReceipt ? (
                      <Button
                        size="small"
                        startIcon={<ReceiptLongOutlined />}
                        loading={openReceipt.isPending && openReceipt.variables.id === payment.id}
                        onClick={() => openReceipt.mutate(payment)}
                        aria-label={t('payments.openReceiptOf', { date })}
                      >
                        {t('payments.openReceipt')}
                      </Button>
                    ) : (
                      t('payments.noReceipt')
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={payments.data?.total ?? 0}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        labelRowsPerPage={tLists('rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => tLists('displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => tLists(`pageButton.${type}`)}
        onPageChange={(_, next) => setPage(next + 1)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(1);
        }}
      />
    </Paper>
  );
}

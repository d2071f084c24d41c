import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import EventBusyRoundedIcon from '@mui/icons-material/EventBusyRounded';
import LocalOfferRoundedIcon from '@mui/icons-material/LocalOfferRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/stat-card';
import { formatDays, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { ClientDetailDto } from '../api/clients-api';
import { absoluteAmount, balanceStateOf, creditRoomOf, isPositiveAmount } from '../lib/account';

interface ClientAccountFactsProps {
  /** The client as GET /api/clients/{id} answers it; undefined while it loads (placeholders). */
  client: ClientDetailDto | undefined;
  /** The company's currency (settings): the balances are in it. */
  currency: string;
  /**
   * The price lists' names by id; null while they load; undefined when they cannot be read
   * (no stock:read): a client's list is then named as unknown to this user.
   */
  priceListNames: ReadonlyMap<string, string> | null | undefined;
}

/**
 * The client's account (CONTRACT §11): what it owes (or holds on account), the part past due (red
 * when there is any), the credit limit with the room left under it, the payment terms and the price
 * list it buys at. Money is compared in exact cents, never as floats.
 */
export function ClientAccountFacts({ client, currency, priceListNames }: ClientAccountFactsProps) {
  const { t } = useTranslation('clients');
  const { language } = useLanguage();
  const money = (value: string) => formatMoney(value, currency, language);
  const loading = !client;

  const balance = client ? balanceStateOf(client.balance) : 'settled';
  const overdue = client ? isPositiveAmount(client.overdueBalance) : false;
  const room = client ? creditRoomOf(client.creditLimit, client.balance) : null;
  const overLimit = room !== null && room.startsWith('-');
  const terms = client?.paymentTermsDays ?? 0;

  const priceList = () => {
    if (!client) return { value: '', detail: '' };
    if (client.priceListId === null) {
      return { value: t('profile.facts.defaultPrices'), detail: t('profile.facts.defaultPricesDetail') };
    }
    if (priceListNames === undefined) {
      return { value: t('common:noValue'), detail: t('profile.facts.priceListUnreadable') };
    }
    return {
      value: priceListNames?.get(client.priceListId) ?? t('form.unknownPriceList'),
      detail: t('profile.facts.priceListDetail'),
    };
  };
  const { value: priceListName, detail: priceListDetail } = priceList();

  return (
    <Box component="section" aria-labelledby="client-account-title">
      <Typography id="client-account-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('profile.account.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        <StatCard
          testId="client-balance"
          label={t('profile.facts.balance')}
          icon={<AccountBalanceWalletRoundedIcon />}
          loading={loading}
          value={client && money(absoluteAmount(client.balance))}
          valueColor={balance === 'inCredit' ? 'success.main' : undefined}
          detail={t(`profile.facts.balanceState.${balance}`)}
        />
        <StatCard
          testId="client-overdue"
          label={t('profile.facts.overdue')}
          icon={<EventBusyRoundedIcon />}
          accent="warning"
          loading={loading}
          value={client && money(client.overdueBalance)}
          valueColor={overdue ? 'error.main' : undefined}
          detail={t(overdue ? 'profile.facts.overdueDetail' : 'profile.facts.nothingOverdue')}
        />
        <StatCard
          testId="client-credit-limit"
          label={t('profile.facts.creditLimit')}
          icon={<SpeedRoundedIcon />}
          accent="info"
          loading={loading}
          value={client && (client.creditLimit === null ? t('profile.facts.noLimit') : money(client.creditLimit))}
          detail={
            room === null ? (
              t('profile.facts.noLimitDetail')
            ) : overLimit ? (
              <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                {t('profile.facts.overLimit', { amount: money(absoluteAmount(room)) })}
              </Box>
            ) : (
              t('profile.facts.room', { amount: money(room) })
            )
          }
        />
        <StatCard
          testId="client-terms"
          label={t('profile.facts.terms')}
          icon={<ScheduleRoundedIcon />}
          accent="secondary"
          loading={loading}
          value={terms === 0 ? t('profile.facts.cash') : t('profile.facts.net', { days: formatDays(terms, language) })}
          detail={
            terms === 0
              ? t('profile.facts.cashDetail')
              : t('profile.facts.netDetail', { days: formatDays(terms, language) })
          }
        />
        <StatCard
          testId="client-price-list"
          label={t('profile.facts.priceList')}
          icon={<LocalOfferRoundedIcon />}
          loading={loading || (client.priceListId !== null && priceListNames === null)}
          value={<bdi>{priceListName}</bdi>}
          detail={priceListDetail}
        />
      </Box>
    </Box>
  );
}

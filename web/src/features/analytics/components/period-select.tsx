import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { analyticsPeriods, type AnalyticsPeriod } from '../lib/periods';

interface PeriodSelectProps {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}

/** This month, Last 30 days, Last 90 days, This year, All time. */
export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  const { t } = useTranslation('analytics');
  return (
    <TextField
      select
      id="analytics-period"
      size="small"
      label={t('period.label')}
      value={value}
      onChange={(event) => onChange(event.target.value as AnalyticsPeriod)}
      fullWidth={false}
      sx={{ minWidth: 200 }}
    >
      {analyticsPeriods.map((period) => (
        <MenuItem key={period} value={period}>
          {t(`period.options.${period}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

import type { KnownUnit } from '@erp/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import FactCheckRoundedIcon from '@mui/icons-material/FactCheckRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { nameIn } from '../../../lib/language';
import { formatPercent } from '../../../lib/format';
import { latinInputProps } from '../../../lib/rtl';
import { knownUnits, useUnitFormat } from '../../../lib/units';
import { useLanguage } from '../../../lib/use-language';
import { useStockFormat } from '../hooks/use-stock-format';
import { useMatchedItemDetails } from '../hooks/use-stock-item-lookup';
import {
  centsToString,
  latinDigits,
  moneyText,
  QUANTITY_SCALE,
  quantityText,
  scaledToString,
} from '../../../lib/decimal';
import { stockUnits } from '../lib/stock-form';
import {
  chooseItem,
  chooseNewItem,
  lineInBaseUnits,
  lineTotalOf,
  unitsOfItem,
  type LineField,
  type LineUnit,
  type ReviewLine,
} from '../lib/supplier-invoice-review';
import { ReceiptItemField } from './receipt-item-field';

/** A match the reader is this sure of shows green; below the second, red. */
const CONFIDENT = 0.85;
const UNSURE = 0.6;

type TextLineField = Exclude<LineField, 'item' | 'unit'>;

export interface ReceiptLineEditorProps {
  line: ReviewLine;
  /** 1-based, as the user counts lines. */
  number: number;
  /** Messages by field, already in the user's language. */
  messages: Partial<Record<LineField, string>>;
  currency: string;
  /** Today as YYYY-MM-DD (a batch that expired before it is pointed out). */
  today: string;
  onChange: (update: (line: ReviewLine) => ReviewLine) => void;
  onRemove: () => void;
}

/** How sure the reader was of the line's item, or what the user decided instead. */
function MatchChip({ line }: { line: ReviewLine }) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const { choice, confidence } = line;
  if (choice.kind === 'new') return <Chip size="small" variant="outlined" color="info" label={t('review.newItem')} />;
  if (choice.kind === 'none') {
    return <Chip size="small" variant="outlined" color="error" label={t('review.noMatch')} />;
  }
  if (choice.by === 'user' || confidence === null) {
    return <Chip size="small" variant="outlined" label={t('review.chosenByYou')} />;
  }
  const percent = formatPercent(Math.round(confidence * 100), language);
  const color = confidence >= CONFIDENT ? 'success' : confidence >= UNSURE ? 'warning' : 'error';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={t('review.confidence', { percent })}
      aria-label={t('review.confidenceLabel', { percent })}
    />
  );
}

function LineWarning({ children, severity = 'warning' }: { children: ReactNode; severity?: 'warning' | 'error' }) {
  return (
    <Box
      sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: `${severity}.main`, typography: 'caption' }}
    >
      {severity === 'error' ? (
        <ErrorOutlineRoundedIcon sx={{ fontSize: 16, mt: '2px' }} aria-hidden />
      ) : (
        <WarningAmberRoundedIcon sx={{ fontSize: 16, mt: '2px' }} aria-hidden />
      )}
      <span>{children}</span>
    </Box>
  );
}

/** The parts of one line's editor, laid out as a table row (desktop) or a card (phone). */
function useLineParts(
  { line, number, messages, currency, today, onChange, onRemove }: ReceiptLineEditorProps,
  card: boolean,
) {
  const { t } = useTranslation('stock');
  const format = useStockFormat(currency);
  const units = useUnitFormat();
  const { direction, language } = useLanguage();
  // An item known only by id, SKU and name (the reader's match or suggestion): its details by SKU.
  const partial = line.choice.kind === 'matched' && line.choice.item.unit === null ? line.choice.item : null;
  const details = useMatchedItemDetails(partial?.id ?? null, partial?.sku ?? null);
  const chosen = line.choice.kind === 'matched' ? (details ?? line.choice.item) : null;
  // The units the item is received in (its base unit, then its packs), once known.
  const itemUnits: LineUnit[] | null =
    line.choice.kind === 'matched' ? (unitsOfItem(line.choice.item) ?? unitsOfItem(details)) : null;
  const itemUnit = itemUnits?.[0]?.unit ?? null;
  const lineUnit = itemUnits?.find(({ unit }) => unit === line.unit) ?? null;
  const itemName = chosen ? nameIn(language, chosen) : '';
  const ariaOf = (key: string) => t('review.fieldOfLine', { field: t(key), number });
  // Numbers, SKUs and batch numbers read left to right but keep the form's alignment.
  const latin = latinInputProps(direction);
  const checkOutline = line.needsCheck
    ? {
        '& .MuiOutlinedInput-root:not(.Mui-error)': { bgcolor: 'rgba(180, 83, 9, 0.06)' },
        '& .MuiOutlinedInput-root:not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
          borderColor: 'warning.main',
          borderWidth: 2,
        },
      }
    : undefined;

  type LineFieldProps = TextFieldProps & {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  };
  const textField = (
    field: TextLineField,
    labelKey: string,
    options: {
      numeric?: 'decimal';
      latin?: boolean;
      arabic?: boolean;
      date?: boolean;
      check?: boolean;
      helper?: string;
    } = {},
  ): LineFieldProps => {
    const message = messages[field];
    return {
      value: line[field],
      onChange: (event) => {
        const raw = event.target.value;
        const value = options.numeric ? latinDigits(raw) : raw;
        // A number the user corrected has been checked.
        const checked = options.check ? { needsCheck: false } : {};
        onChange((current) => ({ ...current, [field]: value, ...checked }));
      },
      size: 'small',
      // Two dates share a table cell: they need their own labels there too.
      label: card || options.date ? t(labelKey) : undefined,
      error: Boolean(message),
      helperText: message ?? options.helper,
      autoComplete: 'off',
      sx: options.check ? checkOutline : undefined,
      slotProps: {
        htmlInput: {
          'aria-label': ariaOf(labelKey),
          ...(options.check && line.needsCheck ? { 'aria-description': t('review.checkNumbersHint') } : {}),
          ...(options.numeric ? { inputMode: 'decimal' } : {}),
          ...(options.latin || options.numeric ? latin : {}),
          ...(options.arabic ? { dir: 'rtl', lang: 'ar' } : {}),
        },
        inputLabel: { shrink: true },
        formHelperText: { sx: { mx: 0 } },
      },
    };
  };

  const quantity = (
    <TextField {...textField('quantity', 'review.columns.quantity', { numeric: 'decimal', check: true })} />
  );
  const unitPrice = (
    <TextField {...textField('unitPrice', 'review.columns.unitPrice', { numeric: 'decimal', check: true })} />
  );
  const batchNumber = <TextField {...textField('batchNumber', 'review.columns.batchNumber', { latin: true })} />;
  const expiryDate = (
    <DateField {...textField('expiryDate', 'review.columns.expiryDate', { date: true })} value={line.expiryDate} />
  );
  const manufactureDate = (
    <DateField
      {...textField('manufactureDate', 'review.columns.manufactureDate', { date: true })}
      value={line.manufactureDate}
    />
  );
  // A linked item offers its own units; a new item is counted in a base unit; an undecided line any unit.
  const unitOptions: Array<{ unit: string; factor: number | null }> = itemUnits
    ? itemUnits.map(({ unit, factor }) => ({ unit, factor: factor === 1 ? null : factor }))
    : (line.choice.kind === 'new' ? stockUnits : knownUnits).map((option) => ({ unit: option, factor: null }));
  // The line's unit stays shown (flagged below) when the item is not received in it.
  if (line.unit && !unitOptions.some((option) => option.unit === line.unit)) {
    unitOptions.push({ unit: line.unit, factor: null });
  }
  const unit = (
    <TextField
      select
      size="small"
      value={line.unit}
      onChange={(event) => onChange((current) => ({ ...current, unit: event.target.value as KnownUnit }))}
      label={card ? t('review.columns.unit') : undefined}
      error={Boolean(messages.unit)}
      helperText={messages.unit ?? (line.sourceUnit ? t('review.printedUnit', { unit: line.sourceUnit }) : undefined)}
      slotProps={{
        // One accessible name in both layouts ("Unit, line 2"), not the visible label's.
        select: { labelId: undefined, displayEmpty: true },
        htmlInput: { 'aria-label': ariaOf('review.columns.unit') },
        inputLabel: { shrink: true },
        formHelperText: { sx: { mx: 0 } },
      }}
    >
      {unitOptions.map((option) => (
        <MenuItem key={option.unit} value={option.unit}>
          {option.factor !== null && itemUnit
            ? t('review.packOption', {
                unit: units.short(option.unit),
                base: units.quantity(option.factor, itemUnit),
              })
            : units.short(option.unit)}
        </MenuItem>
      ))}
    </TextField>
  );

  // A line in one of the item's packs: what stock receives, in the base unit, and at what cost.
  const inBase = lineUnit && lineUnit.factor !== 1 && itemUnit ? lineInBaseUnits(line, lineUnit.factor) : null;
  const receives =
    inBase && inBase.baseQuantity !== null && itemUnit ? (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="line-base">
        {t('review.receivesBase', {
          quantity: units.quantity(Number(quantityText(line.quantity) ?? 0), line.unit),
          base: units.quantity(Number(scaledToString(inBase.baseQuantity, QUANTITY_SCALE)), itemUnit),
        })}
        {inBase.baseUnitCost !== null &&
          ` · ${t('review.baseUnitCost', {
            cost: format.money(centsToString(inBase.baseUnitCost)),
            unit: units.short(itemUnit),
          })}`}
      </Typography>
    ) : null;

  const total = lineTotalOf(line);
  const totalText = total === null ? t('common:noValue') : format.money(centsToString(total));
  // The amount the invoice prints for the line, when quantity × unit cost does not make it.
  const printedTotal =
    line.printedTotal !== null && total !== null && moneyText(line.printedTotal) !== centsToString(total) ? (
      <Typography variant="caption" color="warning.main" sx={{ display: 'block', fontWeight: 600 }}>
        {t('review.printedTotal', { amount: format.money(line.printedTotal) })}
      </Typography>
    ) : null;

  const item = (
    <ReceiptItemField
      choice={line.choice}
      details={details}
      ariaLabel={ariaOf('review.item')}
      label={card ? t('review.item') : undefined}
      error={messages.item}
      format={format}
      suggestions={line.suggestions}
      onChoose={(picked) => onChange((current) => chooseItem(current, picked))}
      onCreateNew={() => onChange(chooseNewItem)}
    />
  );

  const newItemFields = line.choice.kind === 'new' && (
    <Box
      role="group"
      aria-label={t('review.newItemTitle')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 0.5 }}
    >
      <TextField {...textField('newName', 'review.newName')} />
      <TextField {...textField('newNameAr', 'review.newNameAr', { arabic: true })} />
      <TextField {...textField('newSku', 'review.newSku', { latin: true, helper: t('review.newSkuHint') })} />
      <TextField
        {...textField('sellingPrice', 'review.sellingPrice', {
          numeric: 'decimal',
          helper: t('review.sellingPriceHint'),
        })}
      />
    </Box>
  );

  const warnings: ReactNode[] = [];
  if (itemUnits && line.unit && !lineUnit && !messages.unit) {
    warnings.push(
      <LineWarning key="unit" severity="error">
        {t('review.unitNotSold', {
          item: itemName,
          units: itemUnits.map(({ unit: option }) => units.short(option)).join(language === 'ar' ? '، ' : ', '),
          lineUnit: units.short(line.unit),
        })}
      </LineWarning>,
    );
  }
  if (line.expiryDate && line.expiryDate < today && !messages.expiryDate) {
    warnings.push(
      <LineWarning key="expired" severity="error">
        {t('review.expired', { date: format.day(line.expiryDate) })}
      </LineWarning>,
    );
  }

  const chips = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      <MatchChip line={line} />
      {line.needsCheck && (
        <Tooltip title={t('review.checkNumbersHint')}>
          <Chip
            size="small"
            color="warning"
            icon={<FactCheckRoundedIcon aria-hidden />}
            label={t('review.checkNumbers')}
            aria-description={t('review.checkNumbersHint')}
          />
        </Tooltip>
      )}
    </Box>
  );

  const printed = line.printed && (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {t('review.printedAs')} <bdi>{line.printed}</bdi>
    </Typography>
  );

  const remove = (
    <Tooltip title={t('review.removeLine', { number })}>
      <IconButton aria-label={t('review.removeLine', { number })} onClick={onRemove} size="small">
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  return {
    printedTotal,
    receives,
    quantity,
    unitPrice,
    batchNumber,
    expiryDate,
    manufactureDate,
    unit,
    totalText,
    item,
    newItemFields,
    warnings,
    chips,
    printed,
    remove,
  };
}

/**
 * Typing in one line re-renders that line only: its callbacks act by line key through state
 * setters, so they may be the previous render's.
 */
function sameLineProps(before: ReceiptLineEditorProps, after: ReceiptLineEditorProps): boolean {
  if (before.line !== after.line || before.number !== after.number) return false;
  if (before.today !== after.today || before.currency !== after.currency) return false;
  const fields = new Set([...Object.keys(before.messages), ...Object.keys(after.messages)]) as Set<LineField>;
  return [...fields].every((field) => before.messages[field] === after.messages[field]);
}

/** One line as a table row (sm and up). */
export const ReceiptLineRow = memo(function ReceiptLineRow(props: ReceiptLineEditorProps) {
  const parts = useLineParts(props, false);
  const top = { verticalAlign: 'top', py: 1.5, px: 1 };
  return (
    <TableRow data-testid="receipt-line">
      <TableCell sx={{ ...top, pt: 2.25, color: 'text.secondary' }}>{props.number}</TableCell>
      <TableCell sx={{ ...top, minWidth: 260 }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          {parts.printed}
          {parts.item}
          {parts.chips}
          {parts.newItemFields}
          {parts.receives}
          {parts.warnings}
        </Box>
      </TableCell>
      <TableCell sx={{ ...top, width: 104 }}>{parts.quantity}</TableCell>
      <TableCell sx={{ ...top, width: 104 }}>{parts.unit}</TableCell>
      <TableCell sx={{ ...top, width: 112 }}>{parts.unitPrice}</TableCell>
      <TableCell sx={{ ...top, width: 130 }}>{parts.batchNumber}</TableCell>
      <TableCell sx={{ ...top, width: 164 }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          {parts.expiryDate}
          {parts.manufactureDate}
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ ...top, pt: 2.25, width: 112, whiteSpace: 'nowrap', fontWeight: 600 }}>
        {parts.totalText}
        {parts.printedTotal}
      </TableCell>
      <TableCell sx={{ ...top, pt: 1.5, width: 48 }}>{parts.remove}</TableCell>
    </TableRow>
  );
}, sameLineProps);

/** One line as a card (phones). */
export const ReceiptLineCard = memo(function ReceiptLineCard(props: ReceiptLineEditorProps) {
  const { t } = useTranslation('stock');
  const parts = useLineParts(props, true);
  return (
    <Box
      component="li"
      data-testid="receipt-line"
      aria-label={t('review.lineTitle', { number: props.number })}
      sx={{
        display: 'grid',
        gap: 1.5,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {t('review.lineTitle', { number: props.number })}
        </Typography>
        {parts.remove}
      </Box>
      {parts.printed}
      {parts.chips}
      {parts.item}
      {parts.newItemFields}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {parts.quantity}
        {parts.unit}
        {parts.unitPrice}
        <Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('review.columns.total')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {parts.totalText}
          </Typography>
          {parts.printedTotal}
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>{parts.batchNumber}</Box>
        {parts.expiryDate}
        {parts.manufactureDate}
      </Box>
      {parts.receives}
      {parts.warnings}
    </Box>
  );
}, sameLineProps);

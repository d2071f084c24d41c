import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportFieldDto } from '@erp/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import { useUnitFormat } from '../../../lib/units';
import { useLanguage } from '../../../lib/use-language';
import type { ImportColumnDto, ImportDto, ImportKind, ImportRowErrorDto } from '../api/imports-api';

/** The screen's words for a field of a kind (its own name if the screen has none). */
export function useFieldLabel(kind: ImportKind): (field: string | null) => string {
  const { t } = useTranslation('imports');
  return (field) => (field === null ? '' : t(`fields.${kind}.${field}`, { defaultValue: field }));
}

const tableSx = { '& th': { fontWeight: 600, whiteSpace: 'nowrap' } } as const;

interface ColumnsTableProps {
  kind: ImportKind;
  columns: ImportColumnDto[];
  fields: ImportFieldDto[];
  /** The field chosen for each header ('' leaves it out); a header without a choice keeps the server's. */
  choices: Record<string, string>;
  missing: string[];
  onChoose: (header: string, field: string) => void;
}

/** Each column of the file and what it is read as, with a choice of field per column. */
export function ImportColumnsTable({ kind, columns, fields, choices, missing, onChoose }: ColumnsTableProps) {
  const { t } = useTranslation('imports');
  const label = useFieldLabel(kind);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* Fixed widths: a long field name is cut short in its select, not pushed past a phone's edge. */}
      <Table size="small" aria-label={t('columns.title')} sx={{ ...tableSx, tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '40%' }}>{t('columns.header')}</TableCell>
            <TableCell sx={{ width: '60%' }}>{t('columns.field')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column, index) => {
            const value = choices[column.header] ?? column.field ?? '';
            return (
              <TableRow key={`${column.header}-${index}`}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <bdi>{column.header}</bdi>
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={value}
                    onChange={(event) => onChoose(column.header, event.target.value)}
                    slotProps={{
                      select: { SelectDisplayProps: { 'aria-label': `${t('columns.field')}: ${column.header}` } },
                    }}
                  >
                    <MenuItem value="">
                      <em>{t('columns.skip')}</em>
                    </MenuItem>
                    {fields.map((field) => (
                      <MenuItem key={field.name} value={field.name}>
                        {field.required === 'always' || missing.includes(field.name)
                          ? t('columns.required', { field: label(field.name) })
                          : label(field.name)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The first rows as they will be read, one column per mapped field. */
export function ImportPreviewTable({ kind, result }: { kind: ImportKind; result: ImportDto }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const label = useFieldLabel(kind);
  const units = useUnitFormat();
  const fields = result.columns.flatMap((column) => (column.field ? [column.field] : []));
  if (result.preview.length === 0 || fields.length === 0) return null;
  // A unit is read as its code ("carton"): shown as the screen's word for it ("كرتون").
  const unitFields = new Set(result.fields.filter((spec) => spec.type === 'unit').map((spec) => spec.name));
  const shown = (field: string, value: string | undefined) =>
    value !== undefined && unitFields.has(field) ? units.word(value) : (value ?? '');
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('preview.title')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 280 }}>
        <Table size="small" stickyHeader aria-label={t('preview.title')} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('preview.row')}</TableCell>
              {fields.map((field) => (
                <TableCell key={field}>{label(field)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.preview.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{formatQuantity(row.row, language)}</TableCell>
                {fields.map((field) => (
                  <TableCell key={field} sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{shown(field, row.values[field])}</bdi>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** How many problems the screen lists; the report has all of them. */
export const SHOWN_PROBLEMS = 100;

/** The rows refused: row, column, what is wrong and how to put it right, in the screen's language. */
export function ImportProblemsTable({ kind, errors }: { kind: ImportKind; errors: ImportRowErrorDto[] }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const label = useFieldLabel(kind);
  const shown = errors.slice(0, SHOWN_PROBLEMS);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={t('problems.title')} sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell>{t('problems.row')}</TableCell>
            <TableCell>{t('problems.column')}</TableCell>
            <TableCell>{t('problems.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((error, index) => (
            <TableRow key={`${error.row}-${error.field ?? ''}-${index}`}>
              <TableCell>{formatQuantity(error.row, language)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{label(error.field)}</TableCell>
              <TableCell>
                {t(`problems.codes.${error.code}`)}
                <Typography variant="caption" color="text.secondary" component="div">
                  {language === 'ar' ? (error.messageAr ?? '') : error.message}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.length > shown.length && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1.5 }}>
          {t('problems.more', {
            shown: formatQuantity(shown.length, language),
            total: formatQuantity(errors.length, language),
          })}
        </Typography>
      )}
    </TableContainer>
  );
}

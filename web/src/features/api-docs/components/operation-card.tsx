import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  curlOf,
  fieldRowsOf,
  json,
  requestExampleOf,
  responseExampleOf,
  type DocumentedOperation,
  type OpenApiDocument,
} from '../lib/openapi';
import { CodeBlock } from './code-block';

const methodColor: Record<string, 'success' | 'primary' | 'warning' | 'error' | 'default'> = {
  GET: 'success',
  POST: 'primary',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'error',
};

interface OperationCardProps {
  document: OpenApiDocument;
  entry: DocumentedOperation;
  baseUrl: string;
}

/** One endpoint: method, path, permission, the document's English prose, its fields and examples. */
export function OperationCard({ document, entry, baseUrl }: OperationCardProps) {
  const { t } = useTranslation('api-docs');
  const { method, path, operation } = entry;
  const rows = fieldRowsOf(document, operation);
  const request = requestExampleOf(operation);
  const response = responseExampleOf(operation);
  const headingId = `operation-${operation.operationId ?? `${method}-${path}`}`;
  // The description ends with the permission sentence; the chip already says it.
  const description = (operation.description ?? '')
    .split('\n\n')
    .filter((part) => !part.startsWith('Requires an API key'));

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip
          label={method}
          color={methodColor[method] ?? 'default'}
          size="small"
          sx={{ fontWeight: 700, fontFamily: 'monospace' }}
        />
        <Typography
          id={headingId}
          variant="subtitle1"
          component="h3"
          dir="ltr"
          sx={{ fontFamily: 'monospace', fontWeight: 600, wordBreak: 'break-all' }}
        >
          {path}
        </Typography>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="p" lang="en" dir="auto" sx={{ textAlign: 'left' }}>
          {operation.summary}
        </Typography>
        {description.map((paragraph) => (
          <Typography key={paragraph} variant="body2" color="text.secondary" lang="en" dir="auto" sx={{ mt: 0.5 }}>
            {paragraph}
          </Typography>
        ))}
      </Box>
      {operation['x-permission'] && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('operations.permission')}
          </Typography>
          <Chip
            label={operation['x-permission']}
            size="small"
            variant="outlined"
            dir="ltr"
            sx={{ fontFamily: 'monospace' }}
          />
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {t('operations.parameters')}
        </Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('operations.noParameters')}
          </Typography>
        ) : (
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflowX: 'auto' }}>
            <Table size="small" aria-label={t('operations.parametersOf', { path })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('table.name')}</TableCell>
                  <TableCell>{t('table.in')}</TableCell>
                  <TableCell>{t('table.type')}</TableCell>
                  <TableCell>{t('table.required')}</TableCell>
                  <TableCell>{t('table.description')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={`${row.in}-${row.name}`}>
                    <TableCell dir="ltr" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {row.name}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`in.${row.in}`)}</TableCell>
                    <TableCell sx={{ minWidth: 120 }}>
                      <Box
                        component="span"
                        dir="ltr"
                        sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', display: 'block' }}
                      >
                        {row.type}
                      </Box>
                      {row.constraints && (
                        <Box
                          component="span"
                          dir="ltr"
                          sx={{ color: 'text.secondary', fontSize: '0.75rem', display: 'block' }}
                        >
                          {row.constraints}
                        </Box>
                      )}
                    </TableCell>
                    <TableCell>{row.required ? t('table.yes') : t('table.no')}</TableCell>
                    <TableCell lang="en" dir="auto" sx={{ minWidth: 200, color: 'text.secondary' }}>
                      {row.description}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      <CodeBlock label={t('operations.curl')} code={curlOf(baseUrl, entry)} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: request !== undefined ? '1fr 1fr' : '1fr' },
        }}
      >
        {request !== undefined && <CodeBlock label={t('operations.requestExample')} code={json(request)} />}
        {response && response.example !== undefined && (
          <CodeBlock
            label={t('operations.responseExample', { status: response.status })}
            code={json(response.example)}
          />
        )}
      </Box>
    </Card>
  );
}

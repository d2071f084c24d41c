import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import WebhookRoundedIcon from '@mui/icons-material/WebhookRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useGetOpenApiDocumentQuery } from '../api/openapi-api';
import {
  fieldRowsOf,
  json,
  operationsOf,
  PLACEHOLDER_KEY,
  requestExampleOf,
  SIGNATURE_SNIPPET,
  type OpenApiDocument,
} from '../lib/openapi';
import { CodeBlock } from './code-block';
import { OperationCard } from './operation-card';

const DOCUMENT_PATH = '/api/v1/openapi.json';

function AuthenticationCard({ document, baseUrl }: { document: OpenApiDocument; baseUrl: string }) {
  const { t } = useTranslation('api-docs');
  const perMinute = document.info['x-rate-limit-per-minute'] ?? 600;
  const hours = Math.round((document.info['x-idempotency-ttl-seconds'] ?? 86_400) / 3600);
  const sections = [
    { id: 'key', title: t('auth.keyTitle'), body: t('auth.keyBody') },
    { id: 'rate', title: t('auth.rateTitle'), body: t('auth.rateBody', { limit: perMinute }) },
    { id: 'envelope', title: t('auth.envelopeTitle'), body: t('auth.envelopeBody') },
    { id: 'idempotency', title: t('auth.idempotencyTitle'), body: t('auth.idempotencyBody', { hours }) },
  ];
  return (
    <Card component="section" aria-labelledby="api-docs-auth">
      <SectionCardHeader
        id="api-docs-auth"
        icon={<KeyRoundedIcon />}
        title={t('auth.title')}
        subtitle={t('auth.subtitle')}
      />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {sections.map((section) => (
            <Box key={section.id}>
              <Typography variant="subtitle2" component="h3">
                {section.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {section.body}
              </Typography>
            </Box>
          ))}
        </Box>
        <CodeBlock
          label={t('auth.headersExample')}
          code={`X-API-Key: ${PLACEHOLDER_KEY}\n\nAuthorization: Bearer ${PLACEHOLDER_KEY}`}
        />
        <CodeBlock
          label={t('auth.envelopeExample')}
          code={json({
            success: false,
            error: 'This API key lacks the orders:write permission',
            code: 'FORBIDDEN',
            details: { permission: 'orders:write' },
          })}
        />
        <Typography variant="body2" color="text.secondary">
          {t('auth.document')}{' '}
          <Link href={DOCUMENT_PATH} target="_blank" rel="noopener" dir="ltr" sx={{ fontFamily: 'monospace' }}>
            {`${baseUrl}${DOCUMENT_PATH}`}
          </Link>
        </Typography>
      </Box>
    </Card>
  );
}

function WebhooksCard({ document }: { document: OpenApiDocument }) {
  const { t } = useTranslation('api-docs');
  const webhooks = Object.entries(document.webhooks ?? {});
  return (
    <Card component="section" aria-labelledby="api-docs-webhooks">
      <SectionCardHeader
        id="api-docs-webhooks"
        icon={<WebhookRoundedIcon />}
        title={t('webhooks.title')}
        subtitle={t('webhooks.subtitle')}
      />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3, display: 'flex', flexDirection: 'column', gap: 3 }}>
        {webhooks.map(([name, item]) => {
          const operation = item.post;
          if (!operation) return null;
          const headers = fieldRowsOf(document, { parameters: operation.parameters });
          const payload = requestExampleOf(operation);
          return (
            <Box
              key={name}
              component="section"
              aria-labelledby={`webhook-${name}`}
              sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
            >
              <Typography
                id={`webhook-${name}`}
                variant="subtitle1"
                component="h3"
                dir="ltr"
                sx={{ fontFamily: 'monospace', fontWeight: 600, textAlign: 'left' }}
              >
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" lang="en" dir="auto">
                {operation.summary}
              </Typography>
              {operation['x-permission'] && (
                <Typography variant="body2" color="text.secondary">
                  {t('webhooks.needs')}{' '}
                  <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    {operation['x-permission']}
                  </Box>
                </Typography>
              )}
              {payload !== undefined && (
                <CodeBlock label={t('webhooks.payload', { event: name })} code={json(payload)} />
              )}
              {name === webhooks[0]?.[0] && headers.length > 0 && (
                <Box component="ul" sx={{ m: 0, ps: 3 }}>
                  {headers.map((header) => (
                    <Typography component="li" variant="body2" key={header.name} sx={{ mb: 0.5 }}>
                      <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                        {header.name}
                      </Box>
                      {': '}
                      <Box component="span" lang="en" dir="auto" sx={{ color: 'text.secondary' }}>
                        {header.description}
                      </Box>
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>
          );
        })}
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('webhooks.verifyTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
            {t('webhooks.verifyBody')}
          </Typography>
          <CodeBlock label={t('webhooks.snippet')} code={SIGNATURE_SNIPPET} />
        </Box>
      </Box>
    </Card>
  );
}

function LoadingState() {
  const { t } = useTranslation('api-docs');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="rounded" height={index === 0 ? 220 : 160} />
      ))}
    </Box>
  );
}

/** The API Docs screen: the partner API as the gateway's OpenAPI document describes it. */
export function ApiDocsPage() {
  const { t } = useTranslation('api-docs');
  const documentQuery = useGetOpenApiDocumentQuery();
  const document = documentQuery.data;
  const baseUrl = window.location.origin;
  const groups = useMemo(() => {
    const byTag = new Map<string, ReturnType<typeof operationsOf>>();
    for (const entry of document ? operationsOf(document) : []) {
      const tag = entry.operation.tags?.[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
    return [...byTag];
  }, [document]);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {documentQuery.isError ? (
        <LoadErrorAlert error={documentQuery.error} onRetry={() => void documentQuery.refetch()} />
      ) : !document ? (
        <LoadingState />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <AuthenticationCard document={document} baseUrl={baseUrl} />
          {groups.map(([tag, entries]) => (
            <Box
              key={tag}
              component="section"
              aria-labelledby={`api-docs-tag-${tag}`}
              sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
            >
              <Typography id={`api-docs-tag-${tag}`} variant="h6" component="h2">
                {t(`tags.${tag}`, { defaultValue: tag })}
              </Typography>
              {entries.map((entry) => (
                <OperationCard
                  key={`${entry.method} ${entry.path}`}
                  document={document}
                  entry={entry}
                  baseUrl={baseUrl}
                />
              ))}
            </Box>
          ))}
          <WebhooksCard document={document} />
        </Box>
      )}
    </>
  );
}

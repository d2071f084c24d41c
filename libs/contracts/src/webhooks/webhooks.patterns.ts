/**
 * Message patterns of the identity service for webhook endpoints (identity owns them, like API
 * keys). Values are never renamed.
 */
export const WebhooksPatterns = {
  ListWebhooks: 'identity.list-webhooks',
  CreateWebhook: 'identity.create-webhook',
  UpdateWebhook: 'identity.update-webhook',
  DeleteWebhook: 'identity.delete-webhook',
  ListWebhookDeliveries: 'identity.list-webhook-deliveries',
  TestWebhook: 'identity.test-webhook',
} as const;

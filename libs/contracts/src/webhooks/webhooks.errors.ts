/** Error codes of webhook endpoints (translated by the web app). Values are never renamed. */
export const WebhooksErrorCode = {
  /** 404: no endpoint with that id among the caller's own. */
  NotFound: 'WEBHOOKS_NOT_FOUND',
  /** 400: the URL is not https, carries credentials, or names a private, loopback or link-local address. */
  UrlNotAllowed: 'WEBHOOKS_URL_NOT_ALLOWED',
  /** 403: an event about data the caller may not read (orders:read, stock:read). */
  EventNotPermitted: 'WEBHOOKS_EVENT_NOT_PERMITTED',
  /** 409: the caller already has the most endpoints allowed. */
  LimitReached: 'WEBHOOKS_LIMIT_REACHED',
  /** 409: a test sent to a paused endpoint. */
  EndpointPaused: 'WEBHOOKS_ENDPOINT_PAUSED',
} as const;

export type WebhooksErrorCode = (typeof WebhooksErrorCode)[keyof typeof WebhooksErrorCode];

/** The HTTP status of each code, the one place it is decided (the gateway answers with it). */
export const webhooksErrorStatus: Record<WebhooksErrorCode, number> = {
  [WebhooksErrorCode.NotFound]: 404,
  [WebhooksErrorCode.UrlNotAllowed]: 400,
  [WebhooksErrorCode.EventNotPermitted]: 403,
  [WebhooksErrorCode.LimitReached]: 409,
  [WebhooksErrorCode.EndpointPaused]: 409,
};

/** Error codes of AI intake (translated by the web app). Values are never renamed. */
export const AiErrorCode = {
  /** 415: the file's bytes are not one of the accepted types (the declared type is never trusted). */
  UnsupportedFile: 'AI_UNSUPPORTED_FILE',
  /** 413: the decoded file is larger than AI_UPLOAD_MAX_BYTES. */
  FileTooLarge: 'AI_FILE_TOO_LARGE',
  /** 400: the file has the right type but cannot be read (a broken image, PDF or recording). */
  UnreadableFile: 'AI_UNREADABLE_FILE',
  /** 503: no speech-to-text engine can serve this voice note (Arabic without an endpoint, or the endpoint failed). */
  SpeechUnavailable: 'AI_SPEECH_UNAVAILABLE',
  /** 503: reading took longer than allowed (the job's own limit, or the gateway's wait). */
  Timeout: 'AI_TIMEOUT',
  /** 404: no job with that id among the caller's own (or its record has expired). */
  JobNotFound: 'AI_JOB_NOT_FOUND',
  /** 401: a WhatsApp webhook delivery whose X-Hub-Signature-256 is not the app secret's (or no channel is set up). */
  WhatsappSignatureInvalid: 'WHATSAPP_SIGNATURE_INVALID',
  /** 403: Meta's subscribe challenge with a verify token that is not ours. */
  WhatsappVerifyFailed: 'WHATSAPP_VERIFY_FAILED',
  /** 409: the channel is not set up (no number id, access token or app secret). */
  WhatsappNotConnected: 'WHATSAPP_NOT_CONNECTED',
  /** 404: no Inbox draft with that id. */
  InboxDraftNotFound: 'INBOX_DRAFT_NOT_FOUND',
  /** 409: the draft was already confirmed or dismissed, or is still being read. */
  InboxDraftNotWaiting: 'INBOX_DRAFT_NOT_WAITING',
} as const;

export type AiErrorCode = (typeof AiErrorCode)[keyof typeof AiErrorCode];

/** The HTTP status of each code, the one place it is decided (the gateway answers with it). */
export const aiErrorStatus: Record<AiErrorCode, number> = {
  [AiErrorCode.UnsupportedFile]: 415,
  [AiErrorCode.FileTooLarge]: 413,
  [AiErrorCode.UnreadableFile]: 400,
  [AiErrorCode.SpeechUnavailable]: 503,
  [AiErrorCode.Timeout]: 503,
  [AiErrorCode.JobNotFound]: 404,
  [AiErrorCode.WhatsappSignatureInvalid]: 401,
  [AiErrorCode.WhatsappVerifyFailed]: 403,
  [AiErrorCode.WhatsappNotConnected]: 409,
  [AiErrorCode.InboxDraftNotFound]: 404,
  [AiErrorCode.InboxDraftNotWaiting]: 409,
};

/** CONTRACT §6: order images, supplier invoices and voice notes, on the decoded bytes. */
export const AI_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** SPEC §5: an order text that is empty after trimming, with no image. */
export const EMPTY_ORDER_TEXT_MESSAGE = 'Please enter order text or upload an image';

/** docs/api/ai-intake.md: what an Arabic voice note needs when no speech endpoint is configured. */
export const ARABIC_SPEECH_UNAVAILABLE_MESSAGE =
  'Arabic voice notes need a speech-to-text endpoint: set AI_BASE_URL (and AI_API_KEY, AI_TRANSCRIBE_MODEL)';

/** docs/api/ai-intake.md: the answer when a job does not finish in time. */
export const AI_TIMEOUT_MESSAGE = 'Reading took too long';

import { registerErrorStatus } from '../../common/api-error';

/** HTTP statuses for the chat domain's refusals. */
export const registerChatErrorCodes = (): void => {
  for (const code of [
    'MESSAGE_EMPTY',
    'MESSAGE_TOO_LONG',
    'INVALID_RATING',
    'INVALID_EMAIL',
    'INVALID_SITE_KEY',
    'INVALID_ORIGINS',
    'WEAK_SECRET',
  ])
    registerErrorStatus(code, 400);
  for (const code of [
    'RATING_NOT_ALLOWED',
    'ALREADY_RATED',
    'IDENTITY_CONFLICT',
    'CHAT_EXISTS',
    'SITE_EXISTS',
  ])
    registerErrorStatus(code, 409);
  registerErrorStatus('ORIGIN_NOT_ALLOWED', 403);
};

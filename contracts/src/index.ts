import { initContract } from '@ts-rest/core';
import { accountsContract } from './accounts/accounts.contract';
import { adminUsersContract } from './admin-users/admin-users.contract';
import { adminAuditContract, auditContract } from './audit/audit.contract';
import { apiKeysContract } from './api-keys/api-keys.contract';
import { adminChatContract, chatContract } from './chat/chat.contract';
import { healthContract } from './health/health.contract';
import { libraryContract } from './library/library.contract';
import { openAiContract } from './openai/openai.contract';
import { privacyContract } from './privacy/privacy.contract';
import { questionsContract } from './questions/questions.contract';
import { recordingsContract } from './recordings/recordings.contract';
import { shareLinksContract } from './share-links/share-links.contract';
import { summariesContract } from './summaries/summaries.contract';
import { translationsContract } from './translations/translations.contract';
import { vocabularyContract } from './vocabulary/vocabulary.contract';
import { voicesContract } from './voices/voices.contract';
import { webhooksContract } from './webhooks/webhooks.contract';
import { personalRetentionContract } from './workspaces/personal-retention.contract';
import { workspacesContract } from './workspaces/workspaces.contract';

export * from './accounts/accounts.contract';
export * from './accounts/accounts.schemas';
export * from './admin-users/admin-users.contract';
export * from './admin-users/admin-users.schemas';
export * from './audit/audit.contract';
export * from './audit/audit.schemas';
export * from './api-keys/api-keys.contract';
export * from './chat/chat.contract';
export * from './chat/chat.schemas';
export * from './common/errors';
export * from './common/plans';
export * from './common/paging';
export * from './health/health.contract';
export * from './library/library.contract';
export * from './live/live.messages';
export * from './openai/openai.contract';
export * from './privacy/privacy.contract';
export * from './privacy/privacy.schemas';
export * from './questions/questions.contract';
export * from './recordings/recordings.contract';
export * from './recordings/speaker-count';
export * from './share-links/share-links.contract';
export * from './summaries/summaries.contract';
export * from './translations/translations.contract';
export * from './vocabulary/vocabulary.contract';
export * from './voices/voices.contract';
export * from './webhooks/webhooks.contract';
export * from './workspaces/personal-retention.contract';
export * from './workspaces/workspaces.contract';

const c = initContract();

/**
 * The whole HTTP API. Each feature keeps its routes in its own folder and is merged here; the API implements
 * this router with @ts-rest/nest and the web app and widget call it with the ts-rest client.
 */
export const contract = c.router({
  accounts: accountsContract,
  adminAudit: adminAuditContract,
  adminChat: adminChatContract,
  audit: auditContract,
  adminUsers: adminUsersContract,
  apiKeys: apiKeysContract,
  chat: chatContract,
  health: healthContract,
  library: libraryContract,
  openAi: openAiContract,
  privacy: privacyContract,
  questions: questionsContract,
  recordings: recordingsContract,
  retention: personalRetentionContract,
  shareLinks: shareLinksContract,
  summaries: summariesContract,
  translations: translationsContract,
  vocabulary: vocabularyContract,
  voices: voicesContract,
  webhooks: webhooksContract,
  workspaces: workspacesContract,
});
export type Contract = typeof contract;
export type * from './common/route-types';

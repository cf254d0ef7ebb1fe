import type { AppConfig } from '../../config/config';

export const googleConfigured = (config: AppConfig): boolean =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

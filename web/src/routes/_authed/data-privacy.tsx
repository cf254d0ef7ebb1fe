import { createFileRoute } from '@tanstack/react-router';
import { DataPrivacyPage } from '../../features/account/data-privacy-page';

export const Route = createFileRoute('/_authed/data-privacy')({ component: DataPrivacyPage });

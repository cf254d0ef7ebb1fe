import { createFileRoute } from '@tanstack/react-router';
import { AdminChatPage } from '../../features/admin-chat/admin-chat-page';

export const Route = createFileRoute('/admin/chat')({ component: () => <AdminChatPage /> });

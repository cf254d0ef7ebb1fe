import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { validateAuthSearch } from '../features/auth/auth-state';

export const Route = createFileRoute('/forgot-password')({
  validateSearch: validateAuthSearch,
  component: function Page() {
    return <AuthPage path="forgot" search={Route.useSearch()} />;
  },
});

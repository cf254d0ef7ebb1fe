import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { validateAuthSearch } from '../features/auth/auth-state';

export const Route = createFileRoute('/reset-password')({
  validateSearch: validateAuthSearch,
  component: function Page() {
    return <AuthPage path="reset" search={Route.useSearch()} />;
  },
});

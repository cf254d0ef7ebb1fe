import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { validateAuthSearch } from '../features/auth/auth-state';

export const Route = createFileRoute('/signup')({
  validateSearch: validateAuthSearch,
  component: function Page() {
    return <AuthPage path="signup" search={Route.useSearch()} />;
  },
});

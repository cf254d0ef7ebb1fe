import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { validateAuthSearch } from '../features/auth/auth-state';

export const Route = createFileRoute('/signin')({
  validateSearch: validateAuthSearch,
  component: function Page() {
    return <AuthPage path="signin" search={Route.useSearch()} />;
  },
});

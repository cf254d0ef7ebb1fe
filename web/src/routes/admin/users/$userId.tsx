import { createFileRoute } from '@tanstack/react-router';
import { AdminUserPage } from '../../../features/admin-users/admin-user-page';

export const Route = createFileRoute('/admin/users/$userId')({ component: UserRoute });

function UserRoute() {
  const { userId } = Route.useParams();
  return <AdminUserPage key={userId} userId={userId} />;
}

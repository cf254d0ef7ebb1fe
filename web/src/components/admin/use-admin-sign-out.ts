import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ADMIN_FLAG, adminApi } from '../../lib/api/auth';

/** Signs the admin out (even when the call fails: the local session is dropped) and goes to the admin login. */
export const useAdminSignOut = () => {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    try {
      await adminApi.logout();
    } catch (error) {
      console.error('Admin logout failed', error);
    }
    localStorage.removeItem(ADMIN_FLAG);
    client.clear();
    void navigate({ to: '/admin/login' });
  };
};

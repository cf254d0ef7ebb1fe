import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAdminAuth } from '../lib/api/admin-auth';

/** True once the admin session is confirmed; sends anyone else to the admin sign-in page. */
export const useAdminGate = (): boolean => {
  const navigate = useNavigate();
  const auth = useAdminAuth();
  const checked = auth.isFetchedAfterMount && !auth.isFetching;
  useEffect(() => {
    if (checked && auth.data && !auth.data.isAuthenticated) {
      localStorage.removeItem('adminAuthenticated');
      void navigate({ to: '/admin/login' });
    }
  }, [checked, auth.data, navigate]);
  return auth.data?.isAuthenticated === true && auth.isFetchedAfterMount;
};

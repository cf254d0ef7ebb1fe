import { describe, expect, it } from 'vitest';
import { isConsolePath } from './console-paths';

describe('the console paths', () => {
  it('are the admin and auditor consoles, with their sign-in pages', () => {
    for (const path of ['/admin', '/admin/', '/admin/chat', '/admin/users/u1', '/audit', '/audit/login'])
      expect(isConsolePath(path), path).toBe(true);
  });

  it('are not the public site or the app, even when a path only starts like a console', () => {
    for (const path of ['/', '/plans', '/dashboard', '/administration', '/auditing', '/help/admin'])
      expect(isConsolePath(path), path).toBe(false);
  });
});

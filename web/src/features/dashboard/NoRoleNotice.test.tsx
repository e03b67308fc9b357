import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { NoRoleNotice } from './NoRoleNotice';

const routes = [{ path: '/', element: <NoRoleNotice /> }];

describe('no-role notice', () => {
  it('tells a user without any role whom to ask', async () => {
    await renderRoutes(routes, { store: await loggedInStore(sessionData({ permissions: [] })) });
    expect(screen.getByTestId('no-role-notice').textContent).toBe('Il tuo account non ha ancora un ruolo: chiedi a un amministratore');
  });

  it('counts denials as no role', async () => {
    await renderRoutes(routes, { store: await loggedInStore(sessionData({ permissions: [{ resource: 'users', action: 'deny' }] })) });
    expect(screen.getByTestId('no-role-notice')).toBeTruthy();
  });

  it('says nothing to a user with a role', async () => {
    await renderRoutes(routes, { store: await loggedInStore(sessionData({ permissions: [{ resource: 'users', action: 'allow' }] })) });
    expect(screen.queryByTestId('no-role-notice')).toBeNull();
  });
});

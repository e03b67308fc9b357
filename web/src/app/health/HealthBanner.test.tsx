import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { HealthBanner } from './HealthBanner';

const routes = [{ path: '/', element: <HealthBanner /> }];
const nobody = () => loggedInStore(sessionData({ permissions: [] }));

describe('the health banner', () => {
  it('says that no worker is running, to a user without any role too', async () => {
    mockGraphql({ SystemHealth: () => ({ systemHealth: { workers: 0, backlog: null } }) });
    await renderRoutes(routes, { store: await nobody() });
    const banner = await screen.findByTestId('health-banner');
    expect(banner.textContent).toContain('Nessun worker attivo');
    // The job queues are linked only for who may open them.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names a queue whose next job has waited for minutes, in English too, with the queues linked', async () => {
    const waitingSince = new Date(Date.now() - 12 * 60_000).toISOString();
    mockGraphql({ SystemHealth: () => ({ systemHealth: { workers: 2, backlog: { queue: 'extract', waitingSince } } }) });
    await renderRoutes(routes, { language: 'en' });
    const banner = await screen.findByTestId('health-banner');
    expect(banner.textContent).toContain('The queue “Document extraction” has had a job waiting for 12 minutes');
    expect(screen.getByRole('link', { name: 'Open the job queues' }).getAttribute('href')).toBe('/jobs');
  });

  it('shows nothing while the workers keep up', async () => {
    const calls = mockGraphql({ SystemHealth: () => ({ systemHealth: { workers: 1, backlog: null } }) });
    await renderRoutes(routes);
    await waitFor(() => expect(calls.SystemHealth).toHaveBeenCalled());
    expect(screen.queryByTestId('health-banner')).toBeNull();
  });
});

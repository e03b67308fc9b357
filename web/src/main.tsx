import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/styles.css';
import './app/direction.css';
import './app/nature.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { buildRouteObjects } from './app/router';
import { createI18n } from './lib/i18n';
import { SessionStore } from './lib/session';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

// One session for the page, checked once at start (outside React: StrictMode runs effects twice,
// and a refresh token must not be spent twice).
const session = new SessionStore();
void session.start();

createRoot(root).render(
  <StrictMode>
    <App i18n={createI18n()} router={createBrowserRouter(buildRouteObjects())} session={session} />
  </StrictMode>,
);

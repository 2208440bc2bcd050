import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prefetchHome } from './features/bots/prefetch-home.ts';
import { listenForInstallPrompt } from './features/platform/install-prompt.ts';
import { whenIdleAfterLoad } from './lib/idle.ts';
import { i18nReady } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Keep the browser's install prompt for the install icon (it can fire before the first render).
listenForInstallPrompt();

// Home's characters and its largest image are asked for now, beside the first render (issue 13).
prefetchHome(queryClient);

// The stored language's dictionary first (English is bundled and ready at once). The first render
// is a transition: React renders it in slices of a few milliseconds and lets the browser breathe in
// between, instead of one long task that blocks input (issue 13, docs/decisions/165).
void i18nReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // SPEC §2: a service worker from the site root; the page reloads when an update is installed.
  // Registered once the page has loaded and the main thread is idle: installing it precaches every
  // chunk, work that should not compete with the first screen (docs/decisions/165).
  whenIdleAfterLoad(() => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}

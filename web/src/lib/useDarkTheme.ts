import { useSyncExternalStore } from 'react';

const isDark = () => document.body.classList.contains('bp6-dark');

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Whether the app shows its dark theme (lib/settings puts `bp6-dark` on <body>). */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}

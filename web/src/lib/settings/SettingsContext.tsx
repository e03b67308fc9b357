import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { applySettings, loadSettings, saveSettings, type Settings } from './settings';

interface SettingsContextValue {
  settings: Settings;
  save: (settings: Settings) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadSettings);

  useLayoutEffect(() => applySettings(settings), [settings]);

  const save = (next: Settings) => {
    saveSettings(next);
    setSettings(next);
  };

  return <SettingsContext value={{ settings, save }}>{children}</SettingsContext>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (value === null) throw new Error('useSettings needs a <SettingsProvider>');
  return value;
}

import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../test/matchMedia';
import { applySettings, defaultSettings, loadSettings, saveSettings, SETTINGS_STORAGE_KEY, type Settings } from './settings';
import { SettingsProvider, useSettings } from './SettingsContext';

const prefersDark = () => stubMatchMedia((query) => query === '(prefers-color-scheme: dark)');

describe('settings', () => {
  it('defaults to the spec: not compact, ltr, responsive fonts, rounded corners, light theme on a light system', () => {
    expect(loadSettings()).toEqual({
      theme: 'LIGHT',
      responsiveFontSizes: true,
      compact: false,
      roundedCorners: true,
      direction: 'ltr',
    });
  });

  it('defaults to the dark theme when the system prefers dark', () => {
    prefersDark();
    expect(defaultSettings().theme).toBe('DARK');
    expect(loadSettings().theme).toBe('DARK');
  });

  it('keeps saved settings in local storage, over the system preference', () => {
    const saved: Settings = { theme: 'NATURE', responsiveFontSizes: false, compact: true, roundedCorners: false, direction: 'rtl' };
    saveSettings(saved);
    prefersDark();
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '')).toEqual(saved);
    expect(loadSettings()).toEqual(saved);
  });

  it('takes the default for each missing or unreadable field', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'PINK', compact: 'yes', direction: 'rtl' }));
    expect(loadSettings()).toEqual({ ...defaultSettings(), direction: 'rtl' });
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(loadSettings()).toEqual(defaultSettings());
  });

  it('applies the settings to the page', () => {
    applySettings({ theme: 'DARK', responsiveFontSizes: false, compact: true, roundedCorners: false, direction: 'rtl' });
    const root = document.documentElement;
    expect(document.body.classList.contains('bp6-dark')).toBe(true);
    expect(root.dataset).toMatchObject({ theme: 'dark', compact: 'true', rounded: 'false', responsiveFonts: 'false' });
    expect(root.dir).toBe('rtl');

    applySettings({ ...defaultSettings(), theme: 'NATURE' });
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
    expect(root.dataset.theme).toBe('nature');
    expect(root.dir).toBe('ltr');
  });

  it('saves through the provider, which applies the new settings', () => {
    let context: ReturnType<typeof useSettings> | undefined;
    function Probe() {
      context = useSettings();
      return null;
    }
    render(
      <SettingsProvider>
        <Probe />
      </SettingsProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => context?.save({ ...defaultSettings(), theme: 'DARK' }));
    expect(context?.settings.theme).toBe('DARK');
    expect(loadSettings().theme).toBe('DARK');
    expect(document.body.classList.contains('bp6-dark')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { en } from './en';
import { firstFragmentIn, languageOnlyFragments } from './fragments';
import { it as italian } from './it';
import catalogue from './server-messages.json';

/** Every text of a translation object (the interface's own texts). */
function texts(messages: object): string[] {
  return Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : texts(value as object)));
}

describe('language-only fragments of the catalogue', () => {
  const sample = {
    it: { A: 'Tipologia «{{name}}» non trovata', B: 'Permesso negato: {{resource}}', C: 'Codice', D: 'Errore nello zip: {{detail}}' },
    en: { A: 'Type “{{name}}” not found', B: 'Permission denied: {{resource}}', C: 'Codice', D: 'Zip error: {{detail}}' },
  };

  it('splits the texts that differ at their placeholders and keeps the long pieces the other language never says', () => {
    expect(languageOnlyFragments(sample, 'it')).toEqual(['Permesso negato:', 'Errore nello zip:', '» non trovata'].sort());
    expect(languageOnlyFragments(sample, 'en')).toEqual(['Permission denied:']); // '” not found' is too short
    expect(languageOnlyFragments(sample, 'it', 12, ['Errore nello zip: riprova'])).not.toContain('Errore nello zip:');
  });

  it('finds one in a page text', () => {
    expect(firstFragmentIn('Types\nPermesso negato: types', languageOnlyFragments(sample, 'it'))).toBe('Permesso negato:');
    expect(firstFragmentIn('Types\nPermission denied: types', languageOnlyFragments(sample, 'it'))).toBeNull();
  });

  it("finds plenty in the real catalogue, none of which the other language's interface says", () => {
    const italianOnly = languageOnlyFragments(catalogue, 'it');
    const englishOnly = languageOnlyFragments(catalogue, 'en');
    expect(italianOnly.length).toBeGreaterThan(100);
    expect(englishOnly.length).toBeGreaterThan(100);
    expect(italianOnly).toContain('Credenziali non valide');
    expect(englishOnly).toContain('Invalid credentials');
    expect(italianOnly.every((fragment) => fragment.length >= 12)).toBe(true);
    // A fragment the English interface itself shows would fail the English walk for nothing (and the other way round).
    const englishUi = texts({ ...en, serverErrors: {} }).join('\n');
    const italianUi = texts({ ...italian, serverErrors: {} }).join('\n');
    expect(italianOnly.filter((fragment) => englishUi.includes(fragment))).toEqual([]);
    expect(englishOnly.filter((fragment) => italianUi.includes(fragment))).toEqual([]);
  });
});

/**
 * What betrays a server message shown in the wrong language (issue 30, item 5): the pieces of one
 * language's catalogue texts that the other language never says. Used by the e2e check that walks
 * the screens in English (no Italian-only piece may appear) and in Italian (no English-only one);
 * pure, so that both the e2e helpers and Vitest use it.
 */

/** The catalogue as `server-messages.json` holds it: texts by code, per language. */
export type MessageCatalogue = Readonly<Record<'it' | 'en', Readonly<Record<string, string>>>>;

/** i18next placeholders: `{{name}}`. */
const PLACEHOLDER = /\{\{\w+\}\}/;

/**
 * The pieces of `language`'s texts that betray it: of each text that differs from the other
 * language's text of its code, the pieces between placeholders, trimmed, of at least `minLength`
 * characters, that appear in no text of the other language (nor in `otherTexts`, e.g. the other
 * language's own interface texts). Sorted, each once.
 */
export function languageOnlyFragments(catalogue: MessageCatalogue, language: 'it' | 'en', minLength = 12, otherTexts: readonly string[] = []): string[] {
  const other = language === 'it' ? 'en' : 'it';
  const otherCorpus = [...Object.values(catalogue[other]), ...otherTexts];
  const fragments = new Set<string>();
  for (const [code, text] of Object.entries(catalogue[language])) {
    if (text === catalogue[other][code]) continue;
    for (const piece of text.split(PLACEHOLDER)) {
      const fragment = piece.trim();
      if (fragment.length >= minLength && !otherCorpus.some((candidate) => candidate.includes(fragment))) fragments.add(fragment);
    }
  }
  return [...fragments].sort();
}

/** The first of `fragments` that `text` contains, or null. */
export function firstFragmentIn(text: string, fragments: readonly string[]): string | null {
  return fragments.find((fragment) => text.includes(fragment)) ?? null;
}

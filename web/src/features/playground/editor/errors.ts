import { GraphQLRequestError } from '../../../lib/graphql/client';
import { errorMessage } from '../../../lib/validation';
import { fileOf, type RuleFile } from './codeCheck';

/** A place in the rule's files an error points at. */
export interface ErrorLocation {
  file: RuleFile;
  line: number;
  column: number | null;
  message: string;
}

/** A place as the server's messages say it, in Italian or English ('riga L, colonna C di helper.js', 'line L, column C of helper.js'). */
const SAID_PLACE = /(?:riga|line)\s+(\d+),\s*(?:colonna|column)\s+(\d+)(\s+(?:di|of)\s+helper\.js)?/i;

/**
 * The syntax error a save (or run) was refused with: the GraphQL error's extensions `line`,
 * `column`, `file`; else what its message says ('… alla riga L, colonna C di helper.js: …'),
 * read from the server's own text (Italian, whatever the user's language) or the one shown.
 */
export function syntaxErrorOf(error: unknown): ErrorLocation | null {
  const message = errorMessage(error);
  if (error instanceof GraphQLRequestError) {
    const { line, column, file } = error.extensions;
    if (typeof line === 'number') {
      return { file: fileOf(typeof file === 'string' ? file : null), line, column: typeof column === 'number' ? column : null, message };
    }
  }
  const said = SAID_PLACE.exec(error instanceof Error ? error.message : '') ?? SAID_PLACE.exec(message);
  if (said) return { file: said[3] ? 'helper.js' : 'rule.js', line: Number(said[1]), column: Number(said[2]), message };
  return null;
}

/**
 * Where a run's error text points in the rule's files: the first `rule.js:L:C` / `helper.js:L:C`
 * of its stack (the worker maps its bundle's positions back to the two files), else a
 * 'riga L, colonna C' ('line L, column C') of a syntax error.
 */
export function runErrorLocation(text: string | null | undefined): ErrorLocation | null {
  if (!text) return null;
  const frame = /\b(rule\.js|helper\.js|index\.js):(\d+)(?::(\d+))?/.exec(text);
  if (frame) return { file: fileOf(frame[1]), line: Number(frame[2]), column: frame[3] ? Number(frame[3]) : null, message: text.split('\n')[0] ?? text };
  const said = SAID_PLACE.exec(text);
  if (said) return { file: said[3] ? 'helper.js' : 'rule.js', line: Number(said[1]), column: Number(said[2]), message: text.split('\n')[0] ?? text };
  return null;
}

/** A toast's text: our message (docs/domain.md#messages) and what the server said (unless it says the same). */
export function withDetail(message: string, error: unknown): string {
  const detail = errorMessage(error);
  return detail.startsWith(message) ? detail : `${message}: ${detail}`;
}

import type { TFunction } from 'i18next';

/**
 * JSON syntax errors as the app says them (issue 30, item 5): the browsers' `JSON.parse` messages
 * are English whatever the page's language, and do not always say where the error is, so a small
 * strict scanner (RFC 8259, what `JSON.parse` accepts) finds the first error's kind, offset, line
 * and column, and `describeJsonError` says it from the app's own texts (`json.*`). Every editor
 * of JSON typed by the user (the import's input, data tables, a rule's lists and package.json,
 * the tags of a document) reports its errors this way.
 */

export type JsonErrorCode =
  | 'empty'
  | 'unexpectedEnd'
  | 'unexpectedChar'
  | 'badNumber'
  | 'badEscape'
  | 'controlChar'
  | 'trailing';

export interface JsonSyntaxError {
  code: JsonErrorCode;
  /** The character at fault (`unexpectedChar`, `trailing`, `badEscape`, `controlChar`). */
  char?: string;
  /** UTF-16 offset of the error. */
  offset: number;
  /** 1-based line and column of `offset`. */
  line: number;
  column: number;
}

class Failure {
  readonly code: JsonErrorCode;
  readonly offset: number;
  constructor(code: JsonErrorCode, offset: number) {
    this.code = code;
    this.offset = offset;
  }
}

const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const HEX = /^[0-9a-fA-F]{4}$/;

/** A strict JSON scanner: throws a Failure at the first error. Iterative, so depth is no problem. */
function scan(text: string): void {
  let i = 0;
  const skip = () => {
    while (isWhitespace(text[i])) i += 1;
  };
  const fail = (code: JsonErrorCode, at = i): never => {
    throw new Failure(at >= text.length && code === 'unexpectedChar' ? 'unexpectedEnd' : code, at);
  };

  const string = () => {
    i += 1; // the opening quote
    for (;;) {
      const c = text[i];
      if (c === undefined) fail('unexpectedEnd');
      if (c === '"') {
        i += 1;
        return;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === undefined) fail('unexpectedEnd', i + 1);
        if (e === 'u') {
          if (!HEX.test(text.slice(i + 2, i + 6))) fail(i + 6 > text.length ? 'unexpectedEnd' : 'badEscape', i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          fail('badEscape', i);
        }
        continue;
      }
      if (c !== undefined && c < ' ') fail('controlChar');
      i += 1;
    }
  };

  const number = () => {
    if (text[i] === '-') i += 1;
    if (text[i] === '0') {
      i += 1;
    } else if (isDigit(text[i])) {
      while (isDigit(text[i])) i += 1;
    } else {
      fail(i >= text.length ? 'unexpectedEnd' : 'badNumber');
    }
    if (text[i] === '.') {
      i += 1;
      if (!isDigit(text[i])) fail(i >= text.length ? 'unexpectedEnd' : 'badNumber');
      while (isDigit(text[i])) i += 1;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i += 1;
      if (text[i] === '+' || text[i] === '-') i += 1;
      if (!isDigit(text[i])) fail(i >= text.length ? 'unexpectedEnd' : 'badNumber');
      while (isDigit(text[i])) i += 1;
    }
  };

  const literal = (word: string) => {
    for (let k = 0; k < word.length; k += 1) {
      if (text[i + k] !== word[k]) fail('unexpectedChar', i + k);
    }
    i += word.length;
  };

  /** Open containers: what each one expects next. */
  type Frame = { kind: 'array' | 'object'; state: 'first' | 'afterValue' | 'afterComma' | 'key' | 'colon' };
  const stack: Frame[] = [];

  /** Reads one value start; containers are pushed and continued by the loop. */
  const value = () => {
    skip();
    const c = text[i];
    if (c === '{') {
      i += 1;
      stack.push({ kind: 'object', state: 'first' });
    } else if (c === '[') {
      i += 1;
      stack.push({ kind: 'array', state: 'first' });
    } else if (c === '"') {
      string();
    } else if (c === '-' || isDigit(c)) {
      number();
    } else if (c === 't') {
      literal('true');
    } else if (c === 'f') {
      literal('false');
    } else if (c === 'n') {
      literal('null');
    } else {
      fail('unexpectedChar');
    }
  };

  skip();
  if (i >= text.length) throw new Failure('empty', 0);
  value();
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    skip();
    const c = text[i];
    if (frame.kind === 'array') {
      if (frame.state === 'first' && c === ']') {
        i += 1;
        stack.pop();
      } else if (frame.state === 'afterValue') {
        if (c === ',') {
          i += 1;
          frame.state = 'afterComma';
        } else if (c === ']') {
          i += 1;
          stack.pop();
        } else {
          fail('unexpectedChar');
        }
      } else {
        frame.state = 'afterValue';
        value();
      }
    } else if (frame.state === 'first' && c === '}') {
      i += 1;
      stack.pop();
    } else if (frame.state === 'first' || frame.state === 'afterComma') {
      if (c !== '"') fail('unexpectedChar');
      string();
      frame.state = 'colon';
    } else if (frame.state === 'colon') {
      if (c !== ':') fail('unexpectedChar');
      i += 1;
      frame.state = 'afterValue';
      value();
    } else if (c === ',') {
      i += 1;
      frame.state = 'afterComma';
    } else if (c === '}') {
      i += 1;
      stack.pop();
    } else {
      fail('unexpectedChar');
    }
  }
  skip();
  if (i < text.length) throw new Failure('trailing', i);
}

/** 1-based line and column of a UTF-16 offset (lines end at \n; a \r\n pair counts once). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k += 1) {
    if (text[k] === '\n') {
      line += 1;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error of `text` as JSON, or null when `JSON.parse` accepts it. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    scan(text);
    return null;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const { code, offset } = error;
    const char =
      code === 'unexpectedChar' || code === 'trailing'
        ? text.slice(offset, offset + 1)
        : code === 'badEscape'
          ? text.slice(offset, offset + (text[offset + 1] === 'u' ? 6 : 2))
          : undefined;
    return {
      code,
      ...(char !== undefined ? { char } : {}),
      offset: error.offset,
      ...lineColumn(text, error.offset),
    };
  }
}

/** The translated text of a syntax error ("Riga 3, colonna 5: carattere inatteso «}»"). */
export function describeJsonError(t: TFunction, error: JsonSyntaxError): string {
  return t('json.at', { line: error.line, column: error.column, message: t(`json.errors.${error.code}`, { char: error.char ?? '' }) });
}

/**
 * A small JSON reader that also remembers on which line each value starts, so a schema problem at
 * `questions[3].answerIndex` can be reported as "line 14". JSON.parse gives neither that nor, on
 * every Node version, the line of a syntax error.
 */

export type JsonPath = readonly (string | number)[];

export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export interface JsonWithLines {
  value: unknown;
  /** The line (1-based) where the value at `path` starts, or the nearest enclosing value's line. */
  lineOf(path: JsonPath): number;
}

const pathKey = (path: JsonPath) => JSON.stringify(path);

export function parseJsonWithLines(text: string): JsonWithLines {
  const lines = new Map<string, number>();
  let pos = 0;
  let line = 1;
  // A byte-order mark is what some editors on Windows write first.
  if (text.charCodeAt(0) === 0xfeff) pos = 1;

  const fail = (message: string): never => {
    throw new JsonSyntaxError(line, message);
  };
  const describe = () => (pos >= text.length ? 'end of file' : `'${text[pos]}'`);

  const skipSpace = () => {
    while (pos < text.length) {
      const c = text[pos];
      if (c === '\n') line += 1;
      else if (c !== ' ' && c !== '\t' && c !== '\r') return;
      pos += 1;
    }
  };

  const readString = (): string => {
    const start = pos;
    pos += 1;
    while (pos < text.length) {
      const c = text[pos];
      if (c === '"') {
        pos += 1;
        try {
          return JSON.parse(text.slice(start, pos)) as string;
        } catch {
          return fail('Invalid escape or control character in a string.');
        }
      }
      if (c === '\\') pos += 2;
      else if (c === '\n') return fail('A string is not closed before the end of the line.');
      else pos += 1;
    }
    return fail('A string is not closed before the end of the file.');
  };

  const readValue = (path: (string | number)[]): unknown => {
    skipSpace();
    lines.set(pathKey(path), line);
    const c = text[pos];
    if (c === '{') return readObject(path);
    if (c === '[') return readArray(path);
    if (c === '"') return readString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(pos, pos + 64),
    );
    if (!literal) return fail(`Unexpected ${describe()}; expected a value.`);
    pos += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  };

  const readObject = (path: (string | number)[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    pos += 1;
    skipSpace();
    if (text[pos] === '}') {
      pos += 1;
      return result;
    }
    for (;;) {
      skipSpace();
      if (text[pos] !== '"') fail(`Unexpected ${describe()}; expected a property name in quotes.`);
      const key = readString();
      skipSpace();
      if (text[pos] !== ':') fail(`Unexpected ${describe()}; expected ':' after "${key}".`);
      pos += 1;
      result[key] = readValue([...path, key]);
      skipSpace();
      if (text[pos] === ',') {
        pos += 1;
        continue;
      }
      if (text[pos] === '}') {
        pos += 1;
        return result;
      }
      fail(`Unexpected ${describe()}; expected ',' or '}'.`);
    }
  };

  const readArray = (path: (string | number)[]): unknown[] => {
    const result: unknown[] = [];
    pos += 1;
    skipSpace();
    if (text[pos] === ']') {
      pos += 1;
      return result;
    }
    for (;;) {
      result.push(readValue([...path, result.length]));
      skipSpace();
      if (text[pos] === ',') {
        pos += 1;
        continue;
      }
      if (text[pos] === ']') {
        pos += 1;
        return result;
      }
      fail(`Unexpected ${describe()}; expected ',' or ']'.`);
    }
  };

  const value = readValue([]);
  skipSpace();
  if (pos < text.length) fail(`Unexpected ${describe()} after the end of the document.`);

  return {
    value,
    lineOf(path) {
      // A missing property has no line of its own: name the object that lacks it.
      for (let n = path.length; n >= 0; n -= 1) {
        const found = lines.get(pathKey(path.slice(0, n)));
        if (found !== undefined) return found;
      }
      return 1;
    },
  };
}

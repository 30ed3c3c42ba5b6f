/**
 * Plain data written as YAML the way fixtures are written by hand: maps in blocks, and every map or list that holds
 * only values (an event, a hand, a list of points) on one line, as `{ type: trail, seat: 0, card: 7D }` and
 * `[3D, 4C]`. Any YAML reader gives back the data it was made from.
 * @module
 */

/** A map or list of scalars and lists of scalars, with no map below it: written on one line. */
function fitsOnOneLine(value: unknown): boolean {
  const valueOrList = (item: unknown): boolean => isScalar(item) || (Array.isArray(item) && fitsOnOneLine(item));
  if (Array.isArray(value)) return value.every(valueOrList);
  if (isMap(value)) return Object.values(value).every(valueOrList);
  return true;
}

const isScalar = (value: unknown): boolean => value === null || typeof value !== 'object';
const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Words YAML would read as something other than the string. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/** A string is written plain when YAML reads it back as that string: a card, a code, an id, a word. */
function scalar(value: unknown): string {
  if (typeof value !== 'string') return value === undefined ? 'null' : JSON.stringify(value);
  const plain = /^(?:(?:10|[1-9])[DHSC]|[A-Za-z_][\w.-]*)$/.test(value) && !RESERVED.test(value);
  return plain ? value : JSON.stringify(value);
}

/** One line: `{ key: value, ... }`, `[a, b]`, or a scalar. */
export function flowYaml(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flowYaml).join(', ')}]`;
  if (isMap(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, item]) => `${scalar(key)}: ${flowYaml(item)}`).join(', ')} }`;
  }
  return scalar(value);
}

/** The lines of a map's entries at `indent` spaces. */
function mapLines(map: Record<string, unknown>, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(map)) {
    if (value === undefined) continue;
    const name = `${pad}${scalar(key)}:`;
    if (fitsOnOneLine(value)) lines.push(`${name} ${flowYaml(value)}`);
    else if (Array.isArray(value)) lines.push(name, ...listLines(value, indent + 2));
    else lines.push(name, ...mapLines(value as Record<string, unknown>, indent + 2));
  }
  return lines;
}

function listLines(list: unknown[], indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const item of list) {
    if (fitsOnOneLine(item)) {
      lines.push(`${pad}- ${flowYaml(item)}`);
    } else if (Array.isArray(item)) {
      lines.push(`${pad}-`, ...listLines(item, indent + 2));
    } else {
      const [first = '', ...rest] = mapLines(item as Record<string, unknown>, indent + 2);
      lines.push(`${pad}- ${first.trimStart()}`, ...rest);
    }
  }
  return lines;
}

/** A map as a YAML document, with optional comment lines before it. */
export function blockYaml(map: Record<string, unknown>, comments: string[] = []): string {
  return `${[...comments.map((comment) => `# ${comment}`), ...mapLines(map, 0)].join('\n')}\n`;
}

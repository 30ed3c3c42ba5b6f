/**
 * A rulebook as Markdown, or as one self-contained HTML page with every text escaped.
 * @module
 */
import type { Block, Rulebook, RulebookRule } from './rulebook.ts';

export const RULEBOOK_FORMATS = ['md', 'html'] as const;
export type RulebookFormat = (typeof RULEBOOK_FORMATS)[number];

/** Text split into plain runs and code spans (between backticks). */
function spans(text: string): { code: boolean; text: string }[] {
  return text.split('`').map((part, index) => ({ code: index % 2 === 1, text: part }));
}

/** The rule's sources and register entries, as one sentence. */
function sourcesNote(rule: RulebookRule): string {
  const sources = `Sources: ${rule.sources.replace(/\.$/, '') || 'none cited'}.`;
  return rule.register.length === 0 ? sources : `${sources} Why this reading: ${rule.register.join(', ')} in spec/ambiguities.md.`;
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown

/** Characters Markdown would read as markup, escaped where they stand in plain text. */
const markdownText = (text: string): string => text.replace(/[\\*[\]<>|]/g, '\\$&');

function markdownInline(text: string): string {
  return spans(text)
    .map((span) => (span.code ? `\`${span.text}\`` : markdownText(span.text)))
    .join('');
}

function markdownBlock(block: Block): string {
  switch (block.kind) {
    case 'text':
      return markdownInline(block.text);
    case 'list':
      return block.items.map((item) => `- ${markdownInline(item)}`).join('\n');
    case 'table': {
      const row = (cells: string[]): string => `| ${cells.map(markdownInline).join(' | ')} |`;
      return [row(block.head), `|${block.head.map(() => '---|').join('')}`, ...block.rows.map(row)].join('\n');
    }
  }
}

export function rulebookMarkdown(book: Rulebook): string {
  const parts = [`# ${markdownInline(book.title)}`, ...book.about.map(markdownBlock)];
  for (const section of book.sections) {
    parts.push(`## ${markdownInline(section.title)}`, ...section.intro.map(markdownBlock));
    for (const rule of section.rules) {
      parts.push(`### ${rule.id}: ${markdownInline(rule.title)}`, ...rule.blocks.map(markdownBlock));
      parts.push(`*${markdownInline(sourcesNote(rule))}*`);
    }
  }
  parts.push('## Sources cited', markdownBlock({ kind: 'list', items: book.sourceTags.map(([tag, source]) => `${tag}: ${source}`) }));
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// HTML

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);

function htmlInline(text: string): string {
  return spans(text)
    .map((span) => (span.code ? `<code>${escapeHtml(span.text)}</code>` : escapeHtml(span.text)))
    .join('');
}

function htmlBlock(block: Block): string {
  switch (block.kind) {
    case 'text':
      return `<p>${htmlInline(block.text)}</p>`;
    case 'list':
      return `<ul>\n${block.items.map((item) => `<li>${htmlInline(item)}</li>`).join('\n')}\n</ul>`;
    case 'table': {
      const row = (cells: string[], tag: string): string => `<tr>${cells.map((cell) => `<${tag}>${htmlInline(cell)}</${tag}>`).join('')}</tr>`;
      return `<table>\n<thead>${row(block.head, 'th')}</thead>\n<tbody>\n${block.rows.map((cells) => row(cells, 'td')).join('\n')}\n</tbody>\n</table>`;
    }
  }
}

const STYLE = `body { font-family: Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; line-height: 1.5; color: #222; }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; }
h3 { font-size: 1.05em; margin-bottom: 0.3em; }
h3 .id { font-family: monospace; color: #555; }
.sources { font-size: 0.85em; color: #555; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
code { font-size: 0.95em; }`;

export function rulebookHtml(book: Rulebook): string {
  const body = [`<h1>${htmlInline(book.title)}</h1>`, ...book.about.map(htmlBlock)];
  for (const section of book.sections) {
    body.push(`<h2>${htmlInline(section.title)}</h2>`, ...section.intro.map(htmlBlock));
    for (const rule of section.rules) {
      body.push(`<h3 id="${escapeHtml(rule.id.toLowerCase())}"><span class="id">${escapeHtml(rule.id)}</span>: ${htmlInline(rule.title)}</h3>`);
      body.push(...rule.blocks.map(htmlBlock));
      body.push(`<p class="sources">${htmlInline(sourcesNote(rule))}</p>`);
    }
  }
  body.push('<h2>Sources cited</h2>', htmlBlock({ kind: 'list', items: book.sourceTags.map(([tag, source]) => `${tag}: ${source}`) }));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${htmlInline(book.title).replace(/<\/?code>/g, '')}</title>
<style>
${STYLE}
</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`;
}

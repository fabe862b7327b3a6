import fc from 'fast-check'

/**
 * Text from outside as the property tests make it: Markdown's and HTML's characters, the snippets
 * that would open a link, an image, HTML, a workflow command or a mention, and any string at all.
 */

const markdownChar = fc.constantFrom(
  '|',
  '\\',
  '`',
  '*',
  '_',
  '[',
  ']',
  '(',
  ')',
  '!',
  '~',
  '<',
  '>',
  '&',
  '#',
  ';',
  ':',
  '/',
  '@',
  '.',
  'w',
  'h',
  't',
  'p',
  's',
  ' ',
  '\n',
  '\r',
  '-',
  '=',
  '"',
  "'",
  'x',
  '1',
  '\u200b',
  '\u202e',
  '{',
  '}',
  '$',
)
const snippets = fc.constantFrom(
  'https://evil.example/a',
  'www.evil.example',
  'a@b.example',
  '<img src=x onerror=alert(1)>',
  '<!--',
  '-->',
  '![i](u)',
  '[t](javascript:x)',
  '::error::x',
  '&amp;',
  '&#64;',
  '```',
  '~~x~~',
  '**b**',
  '<https://x.example>',
)
export const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: markdownChar, maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(snippets, fc.string({ unit: markdownChar, maxLength: 6 })), { maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)

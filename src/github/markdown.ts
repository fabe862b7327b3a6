import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

/**
 * Markdown as GitHub reads a comment: CommonMark with the GFM extensions (micromark). One module, so
 * the parser is one chunk of the bundle, loaded (by comment/find-instruction.ts) only when a
 * comment is read.
 */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
}

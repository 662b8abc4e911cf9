// A file listing's JSON (pulls/{n}/files, a comparison's files) as it arrives, without each file's
// `patch`: the action reads the diff apart, kept within context-limit (src/context/diff.ts), while a
// patch is the file's whole diff, megabytes for a committed bundle, that a page would hold a hundred
// of. Every `"patch"` member's string value becomes "" before the page is parsed; the rest of the
// JSON passes as it came.
import type { BodyReader } from '../http/transport.js'

const KEY = 'patch'
const QUOTE_OR_ESCAPE = /["\\]/g
const JSON_SPACE = /^[ \t\n\r]$/

export class WithoutPatches implements BodyReader {
  private readonly kept: string[] = []
  private state: 'json' | 'string' | 'patch' = 'json'
  private escaped = false
  /** The start of the string being read, while it may still be the key. */
  private key = ''
  /** The string just closed was the key, and its colon may follow. */
  private afterKey = false
  /** Its colon came: a string that follows is the patch. */
  private patchNext = false

  push(text: string): void {
    let from = 0
    for (let at = 0; at < text.length; at++) {
      if (this.state !== 'json') {
        if (this.escaped) {
          this.escaped = false
          if (this.state === 'string' && this.key.length <= KEY.length) this.key += text[at]
          continue
        }
        // A string's text up to its next quote or backslash, at once: a patch is megabytes long.
        QUOTE_OR_ESCAPE.lastIndex = at
        const stop = QUOTE_OR_ESCAPE.exec(text)?.index ?? text.length
        if (this.state === 'string' && this.key.length <= KEY.length)
          this.key += text.slice(at, Math.min(stop, at + KEY.length + 1))
        at = stop
        if (text[at] === '\\') this.escaped = true
        else if (text[at] === '"') {
          if (this.state === 'patch') from = at
          else this.afterKey = this.key === KEY
          this.state = 'json'
        }
        continue
      }
      const char = text[at]
      if (char === '"') {
        if (this.patchNext) {
          this.kept.push(text.slice(from, at + 1))
          this.state = 'patch'
        } else this.state = 'string'
        this.key = ''
        this.patchNext = false
      } else if (char === ':') {
        this.patchNext = this.afterKey
        this.afterKey = false
      } else if (!JSON_SPACE.test(char ?? '')) {
        this.afterKey = false
        this.patchNext = false
      }
    }
    if (this.state !== 'patch') this.kept.push(text.slice(from))
  }

  end(): string {
    return this.kept.join('')
  }
}

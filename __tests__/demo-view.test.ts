// The demo's rendering of a comment: the text a person reads on GitHub, not its markdown.
import { markdownAsText } from '../tools/demo-view.js'

describe('a comment as the demo shows it', () => {
  it('hides HTML comments and marks, and reads a link as its text and address', () => {
    const body =
      '<!-- docs-agent-action thread=42 sig=abc -->\n✅ **Done.** See [the pull request](https://github.com/acme/docs/pull/1), ' +
      'job `job-1`, <https://github.com/acme/docs>.\n\n- one\n- two &amp; three'
    expect(markdownAsText(body)).toBe(
      '✅ Done. See the pull request (https://github.com/acme/docs/pull/1), job job-1, https://github.com/acme/docs.\n\n' +
        '- one\n- two & three'
    )
  })
})

// The README's quick start played from an empty repository to a first `/docs` answered, through the
// bundle as the reusable workflows' steps run it (tools/quick-start.ts): nothing by hand between the
// runs. The time it takes is printed by `npx tsx tools/quick-start.ts`, never asserted.
import { playQuickStart } from '../tools/quick-start.js'

describe('the quick start', () => {
  it('answers the first /docs, the reconcile workflow switching itself off and on with nothing done by hand', async () => {
    const lines: string[] = []
    expect(await playQuickStart((line) => lines.push(line))).toBe(true)
    expect(lines[0]).toContain('the workflow is now disabled_manually')
    expect(lines[1]).toContain(
      'the comment job starts (wait: false, timeout: 4m); exit 0, status active; the workflow is now active'
    )
    expect(lines[2]).toContain('the workflow is now disabled_manually')
  })
})

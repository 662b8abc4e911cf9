// The licences shipped in dist/licenses.txt come from the modules webpack bundled: every package,
// scoped, nested or reached only through another package's ES module imports, and the packages whose
// work a stand-in of ours carries in their place.
import { bundledPackages } from '../tools/licenses.js'

describe('bundledPackages', () => {
  it('names each package folder once, scoped and nested ones included, and skips our own code', () => {
    const modules = [
      { name: './src/main.ts' },
      { name: './node_modules/@octokit/core/dist-src/index.js' },
      {
        name: './node_modules/micromark/index.js + 3 modules',
        modules: [
          { name: './node_modules/micromark/lib/parse.js' },
          { name: './node_modules/micromark-util-character/index.js' }
        ]
      },
      { name: './node_modules/@actions/github/node_modules/@actions/http-client/lib/index.js' },
      { name: './node_modules/tunnel/index.js' },
      { name: './node_modules/tunnel/lib/tunnel.js' }
    ]
    expect(bundledPackages(modules)).toEqual([
      'node_modules/@actions/github/node_modules/@actions/http-client',
      'node_modules/@octokit/core',
      'node_modules/micromark',
      'node_modules/micromark-util-character',
      'node_modules/tunnel'
    ])
  })

  it("names the packages whose code or data a bundled stand-in carries, as it would the packages' own files", () => {
    const modules = [
      {
        name: './src/main.ts + 2 modules',
        modules: [
          { name: './src/vendor/named-character-references.ts' },
          { name: './src/vendor/named-character-references.generated.ts' }
        ]
      }
    ]
    expect(bundledPackages(modules)).toEqual([
      'node_modules/character-entities',
      'node_modules/decode-named-character-reference'
    ])
  })
})

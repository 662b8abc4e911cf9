// GitHub treats label names without regard to letter case: "Docs: None" is the label "docs: none".
// Only a letter and its one case partner are taken as the same, never a look-alike that lower-cases
// to a letter (the Kelvin sign U+212A to "k", the Ångström sign to "å", "İ" to "i" and a dot): those
// are other labels on GitHub, and a skip-label or trigger-label must not match them by folding.

/** Whether two label names name the same label, as GitHub compares them. */
export function sameLabel(a: string, b: string): boolean {
  return caseFolded(a) === caseFolded(b)
}

function caseFolded(name: string): string {
  let folded = ''
  for (const char of name) {
    const lower = char.toLowerCase()
    // A letter's lower case that upper-cases back to it is its partner; any other mapping is not a pair.
    folded += lower === char || lower.toUpperCase() === char ? lower : char
  }
  return folded
}

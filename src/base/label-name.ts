// GitHub treats label names case-insensitively: "Docs: None" is the label "docs: none".

/** Whether two label names name the same label, as GitHub compares them. */
export function sameLabel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

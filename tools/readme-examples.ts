// README's workflow examples are copies of files under examples/, which the workflow validator
// checks against GitHub's schema. A `<!-- example: PATH -->` line names the file the fenced block
// after it must equal, so the README cannot show a workflow that was never validated.

const EXAMPLE = /<!-- example: ([\w./-]+) -->\n```ya?ml\n([\s\S]*?)```/g

export interface EmbeddedExample {
  path: string
  content: string
}

export function embeddedExamples(readme: string): EmbeddedExample[] {
  return [...readme.matchAll(EXAMPLE)].map((match) => ({ path: match[1] ?? '', content: match[2] ?? '' }))
}

/** One message per example whose block differs from its file, or whose file is missing. */
export function compareExamples(readme: string, read: (path: string) => string | undefined): string[] {
  return embeddedExamples(readme).flatMap(({ path, content }) => {
    const file = read(path)
    if (file === undefined) return [`README.md embeds ${path}, which does not exist.`]
    return file === content ? [] : [`README.md's copy of ${path} differs from the file.`]
  })
}

/** README with every embedded example replaced by its file's current content. */
export function writeExamples(readme: string, read: (path: string) => string | undefined): string {
  return readme.replace(EXAMPLE, (whole, path: string) => {
    const file = read(path)
    return file === undefined ? whole : whole.replace(/(```ya?ml\n)[\s\S]*?```$/, `$1${file}\`\`\``)
  })
}

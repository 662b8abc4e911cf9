// The workflow commands the Actions runner would find in a step's output, read the way the runner
// reads them (actions/runner, ActionCommand.TryParseV2 and TryParse): a line ends at \r, \n or \r\n;
// `::name props::data` counts at the start of a line after leading white space, and the older
// `##[name props]data` anywhere in a line.

export interface WorkflowCommand {
  name: string
  data: string
  line: string
}

// The commands a runner has registered (its command extensions, and stop-commands itself).
const REGISTERED = new Set([
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'notice',
  'warning',
  'error',
  'group',
  'endgroup',
  'echo',
  'stop-commands'
])

export function workflowCommands(output: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = []
  for (const line of output.split(/\r\n|\r|\n/)) {
    const command = current(line) ?? legacy(line)
    if (command) commands.push(command)
  }
  return commands
}

function current(line: string): WorkflowCommand | undefined {
  const text = line.trimStart()
  if (!text.startsWith('::')) return undefined
  const end = text.indexOf('::', 2)
  if (end < 0) return undefined
  const name = text.slice(2, end).split(' ')[0] ?? ''
  return REGISTERED.has(name.toLowerCase()) ? { name, data: text.slice(end + 2), line } : undefined
}

function legacy(line: string): WorkflowCommand | undefined {
  const start = line.indexOf('##[')
  if (start < 0) return undefined
  const end = line.indexOf(']', start)
  if (end < 0) return undefined
  const name = line.slice(start + 3, end).split(' ')[0] ?? ''
  return REGISTERED.has(name.toLowerCase()) ? { name, data: line.slice(end + 1), line } : undefined
}

/** Commands a value from the API could use to change the run, rather than only the log's looks. */
export const TAMPERING = ['set-output', 'set-env', 'save-state', 'add-mask', 'add-path', 'stop-commands', 'echo']

/** The payloads of the issue: each one a workflow command, if it reaches the log unescaped. */
export const INJECTIONS = [
  '\n::set-output name=x::y',
  '\n::stop-commands::abc',
  '\n::add-mask::x',
  '\r::set-output name=x::y',
  ' ##[set-output name=x;]y',
  '##[add-mask]x'
]

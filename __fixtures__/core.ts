// The runner's side of @actions/core as jest functions, for running src/main.ts in process (as
// actions/typescript-action does): a test loads it with jest.unstable_mockModule('@actions/core', ...)
// before importing src/main.js, then reads back the inputs it was asked for, the outputs, the log
// and the summary from the calls. Only the functions the action calls are here.
import { jest } from '@jest/globals'
import type * as core from '@actions/core'

export const getInput = jest.fn<typeof core.getInput>(() => '')
export const setSecret = jest.fn<typeof core.setSecret>()
export const setOutput = jest.fn<typeof core.setOutput>()
export const debug = jest.fn<typeof core.debug>()
export const info = jest.fn<typeof core.info>()
export const notice = jest.fn<typeof core.notice>()
export const warning = jest.fn<typeof core.warning>()
export const error = jest.fn<typeof core.error>()
export const setFailed = jest.fn<typeof core.setFailed>()
export const group = jest.fn(<T>(_name: string, body: () => Promise<T>): Promise<T> => body())

/** The job summary: what was added, and the text of each write. */
export const summary = {
  buffer: '',
  written: [] as string[],
  addRaw: jest.fn((text: string, addEOL = false) => {
    summary.buffer += addEOL ? `${text}\n` : text
    return summary
  }),
  // As the runner's file: appended to, unless the write overwrites what it held.
  write: jest.fn(async (options?: { overwrite?: boolean }) => {
    if (options?.overwrite) summary.written = []
    summary.written.push(summary.buffer)
    summary.buffer = ''
    return summary
  })
}

/** Forgets every call, and the summary, before the next run. */
export function clearCore(): void {
  for (const fn of [getInput, setSecret, setOutput, debug, info, notice, warning, error, setFailed, group])
    fn.mockClear()
  summary.addRaw.mockClear()
  summary.write.mockClear()
  summary.buffer = ''
  summary.written = []
}

// The workflow step the in-memory thread tests write as, with the key that signs its markers.
import { markerKey } from '../../src/thread/marker.js'
import type { ThreadWriter } from '../../src/thread/thread.js'

export const RUN: ThreadWriter = {
  repository: 'acme/docs',
  runId: '1001',
  workflowJob: 'docs',
  step: '__run',
  key: markerKey('mint_test_key', 'proj')
}

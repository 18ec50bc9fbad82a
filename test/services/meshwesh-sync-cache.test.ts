// A damaged sync cache (issue 39 review): fetched/bulk.json or categories.json of the wrong shape is
// as none. The next sync asks those routes unconditionally and publishes or says it is up to date,
// never "failed Cannot convert undefined or null to object".
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixtureSummary, fixturesPresent, startMeshweshServer } from '../support/meshwesh-server'
import { tempFolders } from '../support/tmp'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'

const temp = tempFolders('muster-mw-cache-')
const SOME = fixtureSummary()
  .slice(0, 6)
  .map((s) => s.id)
const fast = { timeoutMs: 2000, retries: 1, backoffMs: 5 }

describe.skipIf(!fixturesPresent)('Meshwesh sync: a damaged cache', () => {
  it('bulk.json or categories.json of the wrong shape: the next sync fetches again and does not fail', async () => {
    const server = await startMeshweshServer({ only: SOME })
    try {
      const root = temp()
      const sync = () => runMeshweshSync({ root, baseUrl: server.url, dataDirsAbove: [], http: fast })
      expect(await sync()).toMatchObject({ status: 'published', failed: [] })
      const damaged: Array<[string, string]> = [
        ['fetched/bulk.json', '{"lists":{}}'],
        ['fetched/bulk.json', '[]'],
        ['fetched/bulk.json', '"x"'],
        ['fetched/bulk.json', '{"lists":{"hashes":5}}'],
        ['fetched/bulk.json', '{"lists":{"validators":{},"hashes":{"a":null}},"allies":{"validators":null,"hash":1}}'],
        ['categories.json', '{"/thematicCategories":null}'],
        ['categories.json', '{"/thematicCategories":{"record":5,"value":[]}}']
      ]
      for (const [file, text] of damaged) {
        writeFileSync(join(root, file), text)
        const r = await sync()
        expect({ file, text, status: r.status, error: 'error' in r ? r.error : undefined }).toEqual({ file, text, status: 'unchanged', error: undefined })
      }
    } finally {
      await server.close()
    }
  })
})

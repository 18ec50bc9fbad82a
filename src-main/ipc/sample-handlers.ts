// The welcome's sample rosters (services/samples.ts): listed, and one added to the library.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import type { Db } from '../store'
import { sampleRosters } from '../services/samples'
import type { MusterHandlers } from './contract'

export function sampleHandlers(db: Db, engine: Engine, ajv: Ajv2020, dir?: string): Pick<MusterHandlers, 'listSamples' | 'addSample'> {
  const samples = sampleRosters(engine, ajv, dir)
  return {
    listSamples: () => samples.list(),
    addSample: (file) => samples.add(db, file)
  }
}

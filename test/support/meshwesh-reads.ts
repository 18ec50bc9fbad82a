// Reading the stand-in Meshwesh server's answers in its own tests (meshwesh-server*.test.ts): the
// fixture files it serves, and its answers as JSON.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixtureSummary, meshweshFixtures, type MeshweshJson } from './meshwesh-server'

export const readJson = (...parts: string[]): MeshweshJson => JSON.parse(readFileSync(join(meshweshFixtures, ...parts), 'utf8'))
export const summary = fixtureSummary()
export const first = summary[0]?.id // Early Sumerian, 1a

export async function getJson(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: MeshweshJson }> {
  const res = await fetch(url, init)
  const raw = await res.text()
  return { status: res.status, headers: res.headers, body: raw ? JSON.parse(raw) : undefined }
}

// Every key path in a JSON value where `key` occurs, e.g. "[0].allyEntries[1].allyArmyList.dateRange".
export function keyPaths(value: unknown, key: string, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, key, `${at}[${i}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(k === key ? [`${at}.${k}`] : []), ...keyPaths(v, key, `${at}.${k}`)])
  }
  return []
}

// The test's side of the stand-in: starts run.ts in a child Node process (so nothing it loads or
// patches reaches other tests), keeps every event it reports, and sends it commands.
import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from '../engine'

export type StandInEvent = Record<string, unknown> & { event: string }

export interface StandIn {
  /** Every event reported so far, in order. */
  readonly events: StandInEvent[]
  /** Runs a command of run.ts in the child; its result. */
  call<T = unknown>(cmd: string, args?: Record<string, unknown>): Promise<T>
  /** The first event (from `from` on) that matches, as soon as it is reported. */
  waitFor(match: (e: StandInEvent) => boolean, from?: number): Promise<StandInEvent>
  /** The child's exit code, once it has ended. */
  readonly exited: Promise<number | null>
  /** What the child wrote to stderr (for a failure's message). */
  stderr(): string
  stop(): void
}

const RUN = join(__dirname, 'run.ts')

/** Starts the stand-in on a built bundle: `main` (out/main/main.js) or `preload` (out/preload/preload.js). */
export function startStandIn(mode: 'main' | 'preload', bundle: string, opts: { cwd: string; env: NodeJS.ProcessEnv }): StandIn {
  const child: ChildProcess = fork(RUN, [mode, bundle], {
    cwd: opts.cwd,
    env: opts.env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc']
  })
  const events: StandInEvent[] = []
  const waiters = new Set<() => void>()
  const replies = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  let errText = ''
  let nextId = 1
  child.stderr!.on('data', (d: Buffer) => (errText += d.toString()))
  child.stdout!.on('data', () => undefined)
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      for (const r of replies.values()) r.reject(new Error(`the stand-in ended (${code}) before it answered: ${errText}`))
      resolve(code)
      for (const w of waiters) w()
    })
  )
  child.on('message', (m) => {
    const message = m as { reply?: number; ok?: boolean; result?: unknown; error?: string } & StandInEvent
    if (message.reply !== undefined) {
      const r = replies.get(message.reply)
      replies.delete(message.reply)
      if (message.ok) r?.resolve(message.result)
      else r?.reject(new Error(message.error))
      return
    }
    events.push(message)
    for (const w of waiters) w()
  })
  return {
    events,
    exited,
    stderr: () => errText,
    call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++
      return new Promise<T>((resolve, reject) => {
        replies.set(id, { resolve: resolve as (v: unknown) => void, reject })
        child.send({ id, cmd, ...args })
      })
    },
    waitFor(match, from = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(from).find(match)
          if (found) {
            waiters.delete(look)
            resolve(found)
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(look)
            reject(new Error(`the stand-in ended without that event; it reported ${events.map((e) => e.event).join(', ')}; stderr: ${errText}`))
          }
        }
        waiters.add(look)
        look()
      })
    },
    stop: () => void child.kill()
  }
}

/** The built app's bundles (the e2e tier builds them first). */
export const built = {
  main: join(repoRoot, 'out', 'main', 'main.js'),
  preload: join(repoRoot, 'out', 'preload', 'preload.js'),
  page: join(repoRoot, 'out', 'renderer', 'index.html')
}

/** Starts the built main process as Electron would for a player whose app folder (userData) is `userData`: none of the test run's MUSTER_ settings reach it. */
export function startBuiltApp(userData: string): StandIn {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MUSTER_') && k !== 'ELECTRON_RENDERER_URL'))
  return startStandIn('main', built.main, { cwd: repoRoot, env: { ...env, MUSTER_STAND_IN_USER_DATA: userData } })
}

// Preloaded into a real `muster meshwesh sync` (NODE_OPTIONS=--require …): the process SIGKILLs
// itself just after a rename onto a path matching MUSTER_TEST_KILL_AFTER (a regular expression), the
// MUSTER_TEST_KILL_COUNT-th such rename (default the first). A publish is renames (each army file,
// then the pointer), so this kills a sync at an exact step of it: mid-publish, or just after it.
const fs = require('node:fs')
const { syncBuiltinESMExports } = require('node:module')

const pattern = new RegExp(process.env.MUSTER_TEST_KILL_AFTER)
let left = Number(process.env.MUSTER_TEST_KILL_COUNT || 1)
const rename = fs.renameSync
fs.renameSync = function renameThenMaybeDie(from, to) {
  rename(from, to)
  if (pattern.test(String(to).replace(/\\/g, '/')) && --left === 0) process.kill(process.pid, 'SIGKILL')
}
syncBuiltinESMExports()

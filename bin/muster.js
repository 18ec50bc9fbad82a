#!/usr/bin/env node
// Entry point of the `muster` command: runs the bundled CLI (built by `npm run build:cli`).
'use strict'
const path = require('node:path')
const fs = require('node:fs')
const bundle = path.join(__dirname, '..', 'build', 'cli.cjs')
if (!fs.existsSync(bundle)) {
  process.stderr.write('muster: the CLI is not built yet; run `npm run build:cli` (npm ci does it for you)\n')
  process.exit(2)
}
// A reader that stops early (`muster library show ID | head -1`) closes the pipe: stop quietly, as
// other commands do, instead of dying on EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e
    process.exit(process.exitCode ?? 0)
  })
}
require(bundle)
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code
  })

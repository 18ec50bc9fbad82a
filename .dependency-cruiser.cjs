// What each folder may import, checked by `npm test` (dependency-cruiser): anything not allowed below
// is an error, and so is any import cycle, type-only ones included. The process boundaries of the
// design notes (../shared/DESIGN.md), written once for every folder (npm test runs it): electron only in src-main/electron/, SQLite only in the store
// (and the app that opens it), the renderer only types from the main side. Node's built-ins are
// outside what is cruised: the renderer's are forbidden by eslint (eslint.config.mjs).
const where = (p) => (p.endsWith('.ts') ? `${p.replace('.', '\\.')}$` : `${p}/`)
// Every main-side folder may use src-main/files, src-shared (pure code both processes run) and
// src-main/generated-types (the types generated from schemas/, no code).
const inFolder = (folder, also = []) => ({ path: `^(${[folder, 'src-main/files', 'src-shared', 'src-main/generated-types', ...also].map(where).join('|')})` })

/** Folder -> the folders it may import (its own always), and npm packages by name. */
const allowed = {
  'src-main/files': { folders: [], packages: ['jsonc-parser'] },
  'src-main/native': { folders: [], packages: [] },
  'src-main/generated-types': { folders: [], packages: [] },
  'src-main/rules': { folders: [], packages: ['ajv', 'json-logic-engine', 'jsonc-parser'] },
  'src-main/share': { folders: [], packages: [] },
  // the phone page's local server (node:http only) and its QR code
  'src-main/serve': { folders: [], packages: ['qrcode'] },
  'src-main/store': { folders: [], packages: ['better-sqlite3'] },
  // Meshwesh's infrastructure: the API's HTTP client, the catalogue and its fetch cache on disk, and
  // the sync lock (the store's file lock); the sync itself is a use case (services/meshwesh/)
  'src-main/meshwesh': { folders: ['src-main/store'], packages: [] },
  'src-main/export': { folders: ['src-main/rules', 'schemas'], packages: ['pdfmake', 'pdf-lib', 'ajv', 'linebreak'] },
  'src-main/event': { folders: ['src-main/rules', 'src-main/export'], packages: ['papaparse', 'ajv', 'pdf-lib'] },
  'src-main/import': { folders: ['src-main/rules'], packages: ['ajv'] },
  // A game's play sheet from two armies: the rules engine, check codes and the reference sheet's army facts.
  'src-main/play': { folders: ['src-main/rules', 'src-main/export'], packages: [] },
  'src-main/services': {
    folders: [
      'src-main/rules',
      'src-main/store',
      'src-main/export',
      'src-main/event',
      'src-main/import',
      'src-main/share',
      'src-main/serve',
      'src-main/play',
      'src-main/meshwesh'
    ],
    // fastest-levenshtein: quick add's nearest troop type or ruleset (collection-lines.ts);
    // typebox: one tap schema for the IPC and the phone's posts (tap-schema.ts)
    packages: ['ajv', 'papaparse', 'fastest-levenshtein', 'typebox']
  },
  // The doors: they parse, call a service and format. From the layers below services they take types
  // only (the doors-types-only rule, below), so a use case cannot be written in a door.
  'src-main/ipc': { folders: ['src-main/services'], packages: ['ajv', 'typebox'] },
  'src-main/cli': { folders: ['src-main/services'], packages: ['commander'] },
  'src-main/electron': {
    folders: ['src-main/services', 'src-main/rules', 'src-main/store', 'src-main/ipc', 'src-main/import', 'src-main/native', 'src-main/meshwesh'],
    packages: ['electron', 'electron-vite', 'better-sqlite3']
  }
}

// What the doors (ipc, cli) may take from the layers below services: types, never code.
const doorTypeSources = ['rules', 'store', 'export', 'event', 'share', 'import', 'native', 'meshwesh']

const rules = Object.entries(allowed).flatMap(([folder, { folders, packages }]) => [
  { from: { path: `^${folder}/` }, to: inFolder(folder, folders) },
  ...(packages.length
    ? [
        {
          from: { path: `^${folder}/` },
          to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional'], path: `node_modules/(${packages.join('|')})/` }
        }
      ]
    : [])
])

/** A forbidden import, an error: from `from` to `to` (dependency-cruiser's conditions), and why. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to })

/** A shared file's own npm packages (each allowed where it is used, and why said beside it). */
const sharedFileTakes = (file, packages) => ({
  from: { path: `^src-shared/${where(file)}` },
  to: { dependencyTypes: ['npm'], path: `node_modules/(${packages.join('|')})/` }
})

module.exports = {
  forbidden: [
    forbid('no-cycle', 'Import cycles make load order matter and modules impossible to read alone.', {}, { circular: true }),
    forbid(
      'renderer-types-only',
      'The renderer is sandboxed: from the main side it takes types (the IPC contract), never code.',
      { path: '^src-renderer/' },
      { path: '^src-main/', dependencyTypesNot: ['type-only'] }
    ),
    forbid(
      'doors-types-only',
      'src-main/ipc/ and src-main/cli/ parse, call a service and format: from the layers below services they take types, never code.',
      { path: '^src-main/(ipc|cli)/' },
      { path: `^src-main/(${doorTypeSources.join('|')})/`, dependencyTypesNot: ['type-only'] }
    ),
    forbid('electron-only-in-app', 'Electron is imported in src-main/electron/ only.', { pathNot: '^src-main/electron/' }, { path: 'node_modules/electron/' }),
    // How names are compared (player-keys.ts) carries Unicode's confusables table, about 100 KB: the
    // renderer shows names as typed and bundles neither. It takes code from itself and src-shared
    // only (above), so neither imports them; src-shared's other files stay light for it.
    forbid(
      'no-confusables-in-renderer',
      'player-keys.ts, unhomoglyph and any-ascii are main-side code: the renderer never bundles them.',
      { path: '^src-renderer/' },
      { path: '^(src-shared/player-keys\\.ts$|node_modules/(unhomoglyph|any-ascii)/)', dependencyTypesNot: ['type-only'] }
    ),
    forbid(
      'no-confusables-via-shared',
      'The renderer bundles src-shared: only player-keys.ts itself takes unhomoglyph and any-ascii, and no other shared file takes player-keys.ts.',
      { path: '^src-shared/', pathNot: '^src-shared/player-keys\\.ts$' },
      { path: '^(src-shared/player-keys\\.ts$|node_modules/(unhomoglyph|any-ascii)/)' }
    )
  ],
  allowed: [
    ...rules,
    // the doors: types from the layers below services (their code is refused by doors-types-only)
    { from: { path: '^src-main/(ipc|cli)/' }, to: { path: `^src-main/(${doorTypeSources.join('|')})/`, dependencyTypes: ['type-only'] } },
    // src-shared: only itself, json-logic-engine (formula.ts), fastest-levenshtein (nearest-name.ts) and unhomoglyph and any-ascii (Unicode's confusables table and a transliteration table as data, for player-keys.ts, main side only: see above)
    { from: { path: '^src-shared/' }, to: { path: '^src-shared/' } },
    sharedFileTakes('player-keys.ts', ['unhomoglyph', 'any-ascii']),
    // the name nearest a mistyped one ("did you mean"), by an edit distance
    sharedFileTakes('nearest-name.ts', ['fastest-levenshtein']),
    // formula.ts: the json-logic dialect of the data, so the renderer and the phone page score a game as the main side does
    sharedFileTakes('formula.ts', ['json-logic-engine']),
    // result-code.ts: a game's result as one line of text, made on the phone page too (raw deflate and SHA-256 without node:)
    sharedFileTakes('play/result-code.ts', ['fflate', '@noble/hashes']),
    // sheet-link.ts: a play sheet deflated into a URL fragment for the phone page, with its check (SHA-256)
    sharedFileTakes('play/sheet-link.ts', ['fflate', '@noble/hashes']),
    // the phone page: itself, src-shared, the tracker's components and the app's palette and base styles, React and their
    // libraries; nothing of the main side (dependency-cruiser does not follow CSS @import: phone.css takes base.css so)
    { from: { path: '^src-phone/' }, to: { path: '^(src-phone/|src-shared/|src-renderer/play/|src-renderer/(colours|base)\\.css$)' } },
    { from: { path: '^src-phone/' }, to: { dependencyTypes: ['npm', 'npm-dev'] } },
    // the renderer: itself, React and its libraries, and types from the main side (checked above)
    { from: { path: '^src-renderer/' }, to: { path: '^(src-renderer/|src-main/|src-shared/)' } },
    { from: { path: '^src-renderer/' }, to: { dependencyTypes: ['npm', 'npm-dev'] } }
  ],
  allowedSeverity: 'error',
  options: {
    includeOnly: '^(src-main|src-renderer|src-phone|src-shared|schemas|node_modules)',
    exclude: { path: '\\.test\\.' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types']
    }
  }
}
